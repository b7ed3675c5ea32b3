/**
 * The rows of a raw statement (`db.execute`): both drivers answer with a result whose `rows` are
 * the rows, which the shared query layer's type does not say. `T` is what the statement selects.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (typeof result === 'object' && result !== null && 'rows' in result) {
    const { rows } = result;
    if (Array.isArray(rows)) return rows;
  }
  throw new Error('The statement answered without rows');
}
