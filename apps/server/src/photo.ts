/** Image formats the profile step takes, recognised by their first bytes, never by name or type. */
const SIGNATURES: { type: string; extension: string; matches: (head: Buffer) => boolean }[] = [
  {
    type: 'image/jpeg',
    extension: 'jpg',
    matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  },
  {
    type: 'image/png',
    extension: 'png',
    matches: (head) =>
      head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    type: 'image/gif',
    extension: 'gif',
    matches: (head) => head.subarray(0, 4).toString('latin1') === 'GIF8',
  },
  {
    type: 'image/webp',
    extension: 'webp',
    matches: (head) =>
      head.subarray(0, 4).toString('latin1') === 'RIFF' &&
      head.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Bytes needed to tell the formats apart. */
export const SIGNATURE_BYTES = 12;

export function detectImage(head: Buffer): { type: string; extension: string } | null {
  const found = SIGNATURES.find((signature) => signature.matches(head));
  return found ? { type: found.type, extension: found.extension } : null;
}
