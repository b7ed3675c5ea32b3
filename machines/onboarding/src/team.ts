import {
  BUILTIN_FOCUS_AREA_IDS,
  BUILTIN_ROLE_IDS,
  type FocusArea,
  type NormalisedMember,
  type RoleArea,
  type TeamView,
} from '@app/contracts';

/** The team shown on the team step: the chosen team's details with its Active members. */
export interface DisplayTeam {
  id: string;
  name: string;
  members: NormalisedMember[];
  /** 'api' when the tracker's team is shown, 'sample' for the built-in fallback team. */
  source: 'api' | 'sample';
}

/** A team chosen from the list, before its details are fetched. */
export interface TeamChoice {
  id: string;
  name: string;
}

/** Why the sample team is shown: no team list could be read, or no team has an open seat. */
export type SampleReason = 'unreachable' | 'full';

export interface TeamSelectionInput {
  teams: readonly TeamView[];
  focusAreas: readonly FocusArea[];
  roleAreas: readonly RoleArea[];
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

function findId(entries: readonly Named[], name: string): string | null {
  const wanted = key(name);
  return entries.find((entry) => key(entry.name) === wanted)?.id ?? null;
}

const named = (entry: { id: string | number; name: string }): Named => ({
  id: String(entry.id),
  name: entry.name,
});

function builtinId(table: Readonly<Record<string, number>>, name: string): string | null {
  const id = table[key(name)];
  return id === undefined ? null : String(id);
}

/** Step 1: map the focus area and role names to ids; built-in maps when the lists are empty. */
export function resolveSelectionIds(input: TeamSelectionInput): {
  focusAreaId: string | null;
  roleId: string | null;
} {
  const areas = input.focusAreas.map(named);
  const roles = [
    ...input.roleAreas.map(named),
    ...input.focusAreas.flatMap((area) => area.focusRoles.map(named)),
  ];
  return {
    focusAreaId:
      areas.length > 0
        ? findId(areas, input.focusAreaName)
        : builtinId(BUILTIN_FOCUS_AREA_IDS, input.focusAreaName),
    roleId:
      roles.length > 0
        ? findId(roles, input.roleName)
        : builtinId(BUILTIN_ROLE_IDS, input.roleName),
  };
}

function mostActive(candidates: readonly TeamView[]): TeamView | undefined {
  let best: TeamView | undefined;
  for (const candidate of candidates) {
    if (best === undefined || candidate.members.length > best.members.length) best = candidate;
  }
  return best;
}

/** A team a prospect can join now: it has an open seat, or the tracker does not count seats. */
export function hasOpenSeat(team: TeamView): boolean {
  return team.openSeats === null || team.openSeats > 0;
}

/**
 * Team selection, spec 4 steps 1-4, among the given teams: candidates by role id, else focus-area
 * id, else a case-insensitive name match (the team's name contains the role or focus area name),
 * else every team; the candidate with the most Active members wins (the first one on a tie).
 * Returns null only when there is no team at all.
 */
export function selectTeam(input: TeamSelectionInput): TeamChoice | null {
  const { teams } = input;
  const { focusAreaId, roleId } = resolveSelectionIds(input);
  let candidates = roleId === null ? [] : teams.filter((team) => team.focusRoleId === roleId);
  if (candidates.length === 0 && focusAreaId !== null) {
    candidates = teams.filter((team) => team.focusAreaId === focusAreaId);
  }
  if (candidates.length === 0) {
    const names = [key(input.roleName), key(input.focusAreaName)].filter((name) => name !== '');
    candidates = teams.filter((team) => names.some((name) => key(team.name).includes(name)));
  }
  if (candidates.length === 0) candidates = [...teams];
  const chosen = mostActive(candidates);
  return chosen === undefined ? null : { id: chosen.id, name: chosen.name };
}

/** Orders teams by Active members, most first; the list's order breaks ties (spec 4 step 4). */
function byMostActive(teams: readonly TeamView[]): TeamView[] {
  return [...teams].sort((a, b) => b.members.length - a.members.length);
}

/**
 * The teams to try, best first. The spec's candidate rules (spec 4 steps 2-3) are applied to all
 * teams first, and our open-seat rule after them, so a prospect is only ever offered a team of
 * their own area: the role's teams with an open seat, then the rest of the area's, then the name
 * matches, each by most Active members. Only an area with no team at all falls back to every team
 * (spec 4 step 3). When the prospect's teams exist but are all full the list is empty: the team
 * step says so rather than offer another area's team. When the seat of the first is taken
 * meanwhile, the next is the next of these.
 */
export function rankTeams(input: TeamSelectionInput): TeamChoice[] {
  const { teams } = input;
  const { focusAreaId, roleId } = resolveSelectionIds(input);
  const names = [key(input.roleName), key(input.focusAreaName)].filter((name) => name !== '');
  const tiers = [
    roleId === null ? [] : teams.filter((team) => team.focusRoleId === roleId),
    focusAreaId === null ? [] : teams.filter((team) => team.focusAreaId === focusAreaId),
    teams.filter((team) => names.some((name) => key(team.name).includes(name))),
  ];
  if (tiers.every((tier) => tier.length === 0)) tiers.push([...teams]);
  const ranked: TeamChoice[] = [];
  for (const tier of tiers) {
    for (const team of byMostActive(tier.filter(hasOpenSeat))) {
      if (!ranked.some((chosen) => chosen.id === team.id)) {
        ranked.push({ id: team.id, name: team.name });
      }
    }
  }
  return ranked;
}

/** The team's details as shown, or null when they lack Active members (spec 4 step 5). */
export function toDisplayTeam(team: TeamView): DisplayTeam | null {
  if (team.members.length === 0) return null;
  return { id: team.id, name: team.name, members: team.members, source: 'api' };
}

/**
 * The hardcoded sample team (spec 4 step 5), shown when the details lack members, on error, after
 * the 10 s time-out, or when no team has an open seat. Its photos are files the web app ships under
 * `public/images/team/`.
 */
export const SAMPLE_TEAM: DisplayTeam = {
  id: 'sample-team',
  name: 'Momentum Makers',
  source: 'sample',
  members: [
    {
      id: 'sample-1',
      name: 'Maya Chen',
      photo: '/images/team/maya-chen.webp',
      aboutMe: 'Product designer and early riser who runs on checklists and good coffee.',
      goalSummary: 'Finish my UX portfolio and apply to three roles every week.',
    },
    {
      id: 'sample-2',
      name: 'Daniel Okafor',
      photo: '/images/team/daniel-okafor.webp',
      aboutMe: 'Night-shift nurse learning to cook real meals at home.',
      goalSummary: 'Run three times a week and finish my first 10K in the spring.',
    },
    {
      id: 'sample-3',
      name: 'Sofia Ramirez',
      photo: '/images/team/sofia-ramirez.webp',
      aboutMe: 'Graduate student in public health and weekend pianist.',
      goalSummary: 'Write 500 words of my thesis every weekday morning.',
    },
  ],
};
