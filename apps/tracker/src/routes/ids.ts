import { rowId } from '@app/contracts';
import { notFound } from '@app/server-kit';

/** The id itself when a row could have it; one too large for any row is a 404 like an unknown one. */
export function rowIdOr404(what: string, id: number): number {
  if (rowId(id) === null) throw notFound(what);
  return id;
}

/** The row `id` names, or a 404. */
export async function found<T>(what: string, id: number, load: (id: number) => Promise<T | null>) {
  const row = await load(rowIdOr404(what, id));
  if (row === null) throw notFound(what);
  return row;
}
