import { MEMBER_DEFAULTS, type NormalisedMember } from '@app/contracts';
import { firstText, idText, isRecord, type JsonRecord, text } from './json.ts';
import { resolvePhotoUrl } from './photo.ts';

export { MEMBER_DEFAULTS };

const PHOTO_KEYS = ['image', 'photoUrl', 'avatarUrl'] as const;
const ABOUT_KEYS = ['about', 'bio'] as const;
const GOAL_KEYS = ['goalSummary', 'goalDescription', 'goal'] as const;

/** A user as read from the proxy (spec 3), with every alternative field name folded into one. */
export interface NormalisedUser {
  id: string | null;
  name: string;
  /** Browser-ready URL (see resolvePhotoUrl), or null when the user has no photo. */
  photo: string | null;
  about: string | null;
  goalSummary: string | null;
  status: string;
}

export function normaliseUser(raw: unknown): NormalisedUser | null {
  if (!isRecord(raw)) return null;
  return {
    id: idText(raw.id),
    name: text(raw.name) ?? MEMBER_DEFAULTS.name,
    photo: resolvePhotoUrl(firstText(raw, PHOTO_KEYS)),
    about: firstText(raw, ABOUT_KEYS),
    goalSummary: firstText(raw, GOAL_KEYS),
    // Spec 3: a user's status defaults to Active.
    status: text(raw.status) ?? 'Active',
  };
}

/** The person behind a member record, whichever of the two member shapes of spec 3 it has. */
function personOf(member: JsonRecord): JsonRecord {
  return isRecord(member.user) ? member.user : member;
}

/** Membership status: the member's own, else the user's, else Active (spec 3 default). */
export function memberStatus(raw: unknown): string | null {
  if (!isRecord(raw)) return null;
  return text(raw.status) ?? (isRecord(raw.user) ? text(raw.user.status) : null) ?? 'Active';
}

export function isActiveMember(raw: unknown): boolean {
  return memberStatus(raw)?.toLowerCase() === 'active';
}

/**
 * Normalises one member of either shape (`{ user, status }` or the flat record). Returns null for
 * anything that is not an Active member: only Active members count and are shown (spec 6).
 */
export function normaliseMember(raw: unknown, index = 0): NormalisedMember | null {
  if (!isRecord(raw) || !isActiveMember(raw)) return null;
  const person = personOf(raw);
  return {
    id: idText(person.id) ?? idText(raw.id) ?? `member-${index + 1}`,
    name: text(person.name) ?? MEMBER_DEFAULTS.name,
    photo: resolvePhotoUrl(firstText(person, PHOTO_KEYS)),
    aboutMe: firstText(person, ABOUT_KEYS) ?? MEMBER_DEFAULTS.aboutMe,
    goalSummary: firstText(person, GOAL_KEYS) ?? MEMBER_DEFAULTS.goalSummary,
  };
}

/** The Active members of a raw member list, normalised; tolerates any JSON. */
export function normaliseMembers(raw: unknown): NormalisedMember[] {
  if (!Array.isArray(raw)) return [];
  const members: NormalisedMember[] = [];
  raw.forEach((entry, index) => {
    const member = normaliseMember(entry, index);
    if (member !== null) members.push(member);
  });
  return members;
}
