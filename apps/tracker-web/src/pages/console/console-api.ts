import { call, callAt } from '@app/api-client/endpoints';
import {
  type AuditPage,
  AuditQuery,
  type Category,
  CONSOLE_API,
  CONSOLE_PAGE_SIZE,
  type ConsoleFocusAreas,
  type ConsoleOperators,
  type ConsoleTeamPage,
  type ConsoleTeams,
  ERROR_CODES,
  type FeedbackPage,
  type InfoCallPage,
  type JoinRequestQueue,
  MEMBER_API,
  MESSAGES,
  type NewTeamForm,
  type OperatorInvite,
  type PasskeyList,
  QueueQuery,
  type QuietMembers,
  type SecondFactorEnrolment,
  TEAM_LIFE_API,
  TeamQuery,
} from '@app/contracts';
import { redirect } from '@tanstack/react-router';
import type * as z from 'zod/mini';
import { ApiError, isPasswordChangeRequired, isSignInRequired } from '../../api/errors.ts';

/** Rows on one page of every console list; the tracker's default for a page too. */
export const PAGE_SIZE = CONSOLE_PAGE_SIZE;

/**
 * A console page's data, or a trip to where the session has to go first: sign-in (and back), the
 * authenticator's code (and back), or setting the authenticator up. Anything else (a member's
 * session: OPERATOR_REQUIRED) is the page's error, with the tracker's message.
 */
export async function consoleData<T>(load: () => Promise<T>, here: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isSignInRequired(error)) throw redirect({ to: '/sign-in', search: { next: here } });
    if (isPasswordChangeRequired(error)) {
      throw redirect({ to: '/new-password', search: { next: here } });
    }
    if (error instanceof ApiError && error.code === ERROR_CODES.SECOND_FACTOR_REQUIRED) {
      const session = await call(MEMBER_API.getSession).catch(() => null);
      if (session?.secondFactor === 'enrol') throw redirect({ to: '/console/second-factor' });
      throw redirect({ to: '/second-factor', search: { next: here } });
    }
    throw error;
  }
}

/**
 * A list's query checked with the tracker's own schema before it is sent: a search too long or an
 * action the audit log does not know is refused here, in the tracker's words, and nothing is
 * asked.
 */
function checkedQuery<S extends z.ZodMiniType>(
  schema: S,
  query: Record<string, unknown>,
): z.output<S> {
  const result = schema.safeParse(query);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new ApiError(issue?.message ?? MESSAGES.invalidInput, {
    kind: 'http',
    status: 400,
    code: ERROR_CODES.VALIDATION_ERROR,
  });
}

/** The query as the URL carries it: no key for what is not searched for. */
const present = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => {
      const [, value] = entry;
      return value !== undefined && value !== '';
    }),
  );

export interface QueueData {
  queue: JoinRequestQueue;
  teams: ConsoleTeams['teams'];
}

/** What the join requests are narrowed to, as the URL has it. */
export interface QueueSearch {
  q?: string | undefined;
  area?: string | undefined;
  overdue?: true | string | undefined;
}

export function loadQueue(page: number, search: QueueSearch, here: string): Promise<QueueData> {
  return consoleData(async () => {
    const query = checkedQuery(QueueQuery, {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      q: search.q,
      area: search.area,
      overdue: search.overdue === true ? 'true' : search.overdue,
    });
    const [queue, { teams }] = await Promise.all([
      callAt(CONSOLE_API.joinRequestQueue, { query: present(query) }),
      call(CONSOLE_API.consoleTeams),
    ]);
    return { queue, teams };
  }, here);
}

export function loadInfoCalls(page: number, here: string): Promise<InfoCallPage> {
  const query = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  return consoleData(() => callAt(CONSOLE_API.infoCalls, { query }), here);
}

export function loadFeedback(
  page: number,
  category: Category | undefined,
  here: string,
): Promise<FeedbackPage> {
  const query = {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    ...(category ? { category } : {}),
  };
  return consoleData(() => callAt(CONSOLE_API.feedback, { query }), here);
}

export function loadQuietMembers(page: number, here: string): Promise<QuietMembers> {
  const query = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  return consoleData(() => callAt(TEAM_LIFE_API.quietMembers, { query }), here);
}
export const writeQuietMember = (id: number, message: string) =>
  callAt(TEAM_LIFE_API.writeQuietMember, { params: { id } }, { message });
export const seatHeir = (id: number) => callAt(TEAM_LIFE_API.seatHeir, { params: { id } });
export const freeQuietSeat = (id: number) =>
  callAt(TEAM_LIFE_API.freeQuietSeat, { params: { id } });
export const undoFreeQuietSeat = (id: number) =>
  callAt(TEAM_LIFE_API.undoFreeQuietSeat, { params: { id } });

export const exportMember = (id: number) => callAt(CONSOLE_API.exportMember, { params: { id } });

export const recordCall = (id: number, outcome: 'held' | 'no-show') =>
  callAt(CONSOLE_API.recordInfoCall, { params: { id } }, { outcome });
export const markRead = (id: number) => callAt(CONSOLE_API.markFeedbackRead, { params: { id } });

export interface AuditSearch {
  q?: string | undefined;
  action?: string | undefined;
  operator?: number | string | undefined;
}

export interface AuditData {
  audit: AuditPage;
  /** Who the log can be narrowed to. */
  operators: ConsoleOperators['operators'];
}

export function loadAudit(page: number, search: AuditSearch, here: string): Promise<AuditData> {
  return consoleData(async () => {
    const query = checkedQuery(AuditQuery, {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      q: search.q,
      action: search.action,
      operator: search.operator,
    });
    const [audit, { operators }] = await Promise.all([
      callAt(CONSOLE_API.auditLog, { query: present(query) }),
      call(CONSOLE_API.operators),
    ]);
    return { audit, operators };
  }, here);
}

/** The secret to set the authenticator up with, or null when it is set up already. */
export function loadEnrolment(here: string): Promise<SecondFactorEnrolment | null> {
  return consoleData(async () => {
    try {
      return await call(CONSOLE_API.startEnrolment);
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.SECOND_FACTOR_ENROLLED) {
        return null;
      }
      throw error;
    }
  }, here);
}

export const approve = (id: number) => callAt(CONSOLE_API.approveJoinRequest, { params: { id } });
export const decline = (id: number, message: string) =>
  callAt(CONSOLE_API.declineJoinRequest, { params: { id } }, { message });
export const undoDecision = (id: number) =>
  callAt(CONSOLE_API.undoJoinDecision, { params: { id } });
export const place = (id: number, teamId: number) =>
  callAt(CONSOLE_API.placeJoinRequest, { params: { id } }, { teamId });
export const unplace = (id: number) => callAt(CONSOLE_API.unplaceJoinRequest, { params: { id } });
export const confirmEnrolment = (code: string) => call(CONSOLE_API.confirmEnrolment, { code });
export const giveCode = (code: string) => call(MEMBER_API.secondFactor, { code });

export interface TeamsData {
  teams: ConsoleTeamPage;
  focusAreas: ConsoleFocusAreas['focusAreas'];
}

export function loadTeams(
  page: number,
  search: { q?: string | undefined; area?: string | undefined },
  here: string,
): Promise<TeamsData> {
  return consoleData(async () => {
    const query = checkedQuery(TeamQuery, {
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      q: search.q,
      area: search.area,
    });
    const [teams, { focusAreas }] = await Promise.all([
      callAt(CONSOLE_API.teamOverview, { query: present(query) }),
      call(CONSOLE_API.focusAreas),
    ]);
    return { teams, focusAreas };
  }, here);
}

export const setCapacity = (id: number, capacity: number) =>
  callAt(CONSOLE_API.setTeamCapacity, { params: { id } }, { capacity });
export const createTeam = (form: NewTeamForm) => call(CONSOLE_API.createTeam, form);

export interface OperatorsData {
  operators: ConsoleOperators['operators'];
  /** The signed-in operator's own passkeys. */
  passkeys: PasskeyList['passkeys'];
}

export function loadOperators(here: string): Promise<OperatorsData> {
  return consoleData(async () => {
    const [{ operators }, { passkeys }] = await Promise.all([
      call(CONSOLE_API.operators),
      call(CONSOLE_API.operatorPasskeys),
    ]);
    return { operators, passkeys };
  }, here);
}

export const inviteOperator = (form: OperatorInvite) => call(CONSOLE_API.inviteOperator, form);
export const removeOperator = (id: number) =>
  callAt(CONSOLE_API.removeOperator, { params: { id } });
export const resetSecondFactor = (id: number) =>
  callAt(CONSOLE_API.resetSecondFactor, { params: { id } });
export const renewRecoveryCodes = (password: string) =>
  call(CONSOLE_API.renewRecoveryCodes, { password });
export const renameOwnPasskey = (id: number, name: string) =>
  callAt(CONSOLE_API.renameOperatorPasskey, { params: { id } }, { name });
export const removeOwnPasskey = (id: number) =>
  callAt(CONSOLE_API.removeOperatorPasskey, { params: { id } });
