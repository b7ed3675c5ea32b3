import type { TeamView } from '@app/contracts';
import { idText, isRecord, text } from './json.ts';
import { normaliseMembers } from './members.ts';

/** Reads a team of any JSON shape the tracker may send; null when it has no usable id. */
export function toTeamView(raw: unknown): TeamView | null {
  if (!isRecord(raw)) return null;
  const id = idText(raw.id);
  if (id === null) return null;
  const seats = raw.openSeats;
  return {
    id,
    name: text(raw.name) ?? `Team ${id}`,
    focusAreaId: idText(raw.focusAreaId),
    focusRoleId: idText(raw.focusRoleId),
    members: normaliseMembers(raw.members),
    openSeats: typeof seats === 'number' && Number.isInteger(seats) ? Math.max(0, seats) : null,
  };
}
