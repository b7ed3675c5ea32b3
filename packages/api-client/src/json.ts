/** Small readers for JSON of unknown shape: the API's answers may use any of the shapes of spec 3. */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-blank string, trimmed, or null. */
export function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** An id as a string: ids arrive as numbers from the tracker and as strings elsewhere. */
export function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return text(value);
}

/** The first readable string among several alternative field names. */
export function firstText(record: JsonRecord, keys: readonly string[]): string | null {
  for (const key of keys) {
    const found = text(record[key]);
    if (found !== null) return found;
  }
  return null;
}
