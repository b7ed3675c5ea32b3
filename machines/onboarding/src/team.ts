import { BUILTIN_FOCUS_AREA_IDS, BUILTIN_ROLE_IDS, type NormalisedMember } from '@app/contracts';
import { idText, isRecord, type JsonRecord, listOf, text } from './json.ts';
import { countActiveMembers, normaliseMembers } from './members.ts';
import { resolvePhotoUrl } from './photo.ts';

/** The team shown on the team step: the chosen team's details with its Active members. */
export interface DisplayTeam {
  id: string;
  name: string;
  members: NormalisedMember[];
  /** 'api' when the tracker's team is shown, 'sample' for the built-in fallback team. */
  source: 'api' | 'sample';
}

/** The team chosen from the list, before its details are fetched. */
export interface TeamChoice {
  id: string;
  name: string;
}

export interface TeamSelectionInput {
  /** GET teams: a bare array, or `{ teams: [...] }`. */
  teams: unknown;
  /** GET focus-areas: `{ focusAreas: [...] }` or a bare array; each area lists focusRoles or roles. */
  focusAreas: unknown;
  /** GET role-areas: `{ roleAreas: [...] }` or a bare array. */
  roleAreas: unknown;
  /** The focus area's name: the onboarding category (work, school, god, other). */
  focusAreaName: string;
  /** The role's name: the option picked on the role step (or the free-text goal for Other). */
  roleName: string;
}

const key = (value: string) => value.trim().toLowerCase();

interface Named {
  id: string;
  name: string;
}

function namedEntries(list: unknown[]): Named[] {
  const entries: Named[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const id = idText(item.id);
    const name = text(item.name);
    if (id !== null && name !== null) entries.push({ id, name });
  }
  return entries;
}

function findId(entries: Named[], name: string): string | null {
  const wanted = key(name);
  return entries.find((entry) => key(entry.name) === wanted)?.id ?? null;
}

/** Step 1: map the focus area and role names to ids; built-in maps when the lists are empty. */
export function resolveSelectionIds(input: TeamSelectionInput): {
  focusAreaId: string | null;
  roleId: string | null;
} {
  const areaList = listOf(input.focusAreas, ['focusAreas']);
  const roleAreaList = listOf(input.roleAreas, ['roleAreas']);
  const areas = namedEntries(areaList);
  const roles = namedEntries(roleAreaList);
  for (const area of areaList) {
    if (isRecord(area)) roles.push(...namedEntries(listOf(area.focusRoles ?? area.roles, [])));
  }
  const builtinArea = (BUILTIN_FOCUS_AREA_IDS as Record<string, number>)[key(input.focusAreaName)];
  const builtinRole = (BUILTIN_ROLE_IDS as Record<string, number>)[key(input.roleName)];
  return {
    focusAreaId:
      areas.length > 0
        ? findId(areas, input.focusAreaName)
        : builtinArea === undefined
          ? null
          : String(builtinArea),
    roleId:
      roles.length > 0
        ? findId(roles, input.roleName)
        : builtinRole === undefined
          ? null
          : String(builtinRole),
  };
}

interface Candidate extends TeamChoice {
  focusAreaId: string | null;
  focusRoleId: string | null;
  activeMembers: number;
}

function readTeams(raw: unknown): Candidate[] {
  const teams: Candidate[] = [];
  for (const team of listOf(raw, ['teams'])) {
    if (!isRecord(team)) continue;
    const id = idText(team.id);
    if (id === null) continue;
    teams.push({
      id,
      name: text(team.name) ?? `Team ${id}`,
      focusAreaId: idText(team.focusAreaId),
      focusRoleId: idText(team.focusRoleId),
      activeMembers: countActiveMembers(team.members),
    });
  }
  return teams;
}

function mostActive(candidates: Candidate[]): Candidate | undefined {
  let best: Candidate | undefined;
  for (const candidate of candidates) {
    if (best === undefined || candidate.activeMembers > best.activeMembers) best = candidate;
  }
  return best;
}

/**
 * Team selection, spec 4 steps 1-4: candidates by role id, else focus-area id, else a
 * case-insensitive name match (the team's name contains the role or focus area name), else every
 * team; the candidate with the most Active members wins (the first one on a tie). Returns null only
 * when there is no team at all. Never throws, whatever JSON the API returned.
 */
export function selectTeam(input: TeamSelectionInput): TeamChoice | null {
  let teams: Candidate[];
  try {
    teams = readTeams(input.teams);
  } catch {
    return null;
  }
  try {
    const { focusAreaId, roleId } = resolveSelectionIds(input);
    let candidates = roleId === null ? [] : teams.filter((team) => team.focusRoleId === roleId);
    if (candidates.length === 0 && focusAreaId !== null) {
      candidates = teams.filter((team) => team.focusAreaId === focusAreaId);
    }
    if (candidates.length === 0) {
      const names = [key(input.roleName), key(input.focusAreaName)].filter((name) => name !== '');
      candidates = teams.filter((team) => names.some((name) => key(team.name).includes(name)));
    }
    if (candidates.length === 0) candidates = teams;
    const chosen = mostActive(candidates);
    return chosen === undefined ? null : { id: chosen.id, name: chosen.name };
  } catch {
    // Step 4: "If that fails, the first team is used."
    const first = teams[0];
    return first === undefined ? null : { id: first.id, name: first.name };
  }
}

/** The team's details as shown, or null when they lack Active members (spec 4 step 5). */
export function toDisplayTeam(raw: unknown, fallbackName?: string): DisplayTeam | null {
  const team: JsonRecord | null = isRecord(raw) ? raw : null;
  if (team === null) return null;
  const id = idText(team.id);
  if (id === null) return null;
  const members = normaliseMembers(team.members);
  if (members.length === 0) return null;
  return { id, name: text(team.name) ?? fallbackName ?? `Team ${id}`, members, source: 'api' };
}

/**
 * The hardcoded sample team (spec 4 step 5), shown when the details lack members, on error or after
 * the 10 s time-out. Its photos are files the web app ships under `public/images/team/`.
 */
export const SAMPLE_TEAM: DisplayTeam = {
  id: 'sample-team',
  name: 'Momentum Makers',
  source: 'sample',
  members: [
    {
      id: 'sample-1',
      name: 'Maya Chen',
      photo: resolvePhotoUrl('images/team/maya-chen.webp'),
      aboutMe: 'Product designer and early riser who runs on checklists and good coffee.',
      goalSummary: 'Finish my UX portfolio and apply to three roles every week.',
    },
    {
      id: 'sample-2',
      name: 'Daniel Okafor',
      photo: resolvePhotoUrl('images/team/daniel-okafor.webp'),
      aboutMe: 'Night-shift nurse learning to cook real meals at home.',
      goalSummary: 'Run three times a week and finish my first 10K in the spring.',
    },
    {
      id: 'sample-3',
      name: 'Sofia Ramirez',
      photo: resolvePhotoUrl('images/team/sofia-ramirez.webp'),
      aboutMe: 'Graduate student in public health and weekend pianist.',
      goalSummary: 'Write 500 words of my thesis every weekday morning.',
    },
  ],
};
