/** What the sign-in screen says on arrival after an action elsewhere ended the session. */
export const NOTICES = {
  'account-deleted': 'Your account was deleted.',
  'password-set': 'Password set. Sign in with your new password.',
  'signed-out-everywhere': 'You were signed out on every device.',
} as const;
export type NoticeKey = keyof typeof NOTICES;

export interface SignInSearch {
  /** Where to go after signing in: a path on this origin. */
  next?: string | undefined;
  notice?: NoticeKey | undefined;
}

/**
 * A path on this origin to go to after signing in, or undefined: only `/...`, never `//host` or
 * `/\host` (which browsers read as another origin), so a link cannot send a member elsewhere.
 */
export function safeNext(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Control characters (a tab or newline inside `/\t/host`) are dropped by URL parsing.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is being refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return value;
}

/**
 * The sign-in screen's search. Both keys are always present, undefined when refused: the router
 * lays a route's validated search over the raw one, so a key left out would keep its raw value.
 */
export function validateSignInSearch(search: Record<string, unknown>): SignInSearch {
  const notice =
    typeof search.notice === 'string' && Object.hasOwn(NOTICES, search.notice)
      ? (search.notice as NoticeKey)
      : undefined;
  return { next: safeNext(search.next), notice };
}

/** `?page=` of a console list: a whole number from 2 (the first page has none), else undefined. */
export function validatePageSearch(search: Record<string, unknown>): { page?: number | undefined } {
  const page = Number(search.page);
  return { page: Number.isInteger(page) && page >= 2 && page <= 100_000 ? page : undefined };
}

/**
 * A console list's text filter from the URL (`?q=`, `?area=`, `?action=`), trimmed (blank is
 * none). Not cut to length nor checked: the page's loader checks it with the tracker's own schema
 * and says what is wrong with it. The router reads `?x=12` or `?x=true` as a number or a boolean;
 * those are taken as the text they were.
 */
function searchText(value: unknown): string | undefined {
  const q =
    typeof value === 'string'
      ? value.trim()
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : '';
  return q === '' ? undefined : q;
}

/**
 * A console list's search (`/console`, `/console/teams`, `/console/audit`): `?page=` and the
 * filters each list knows, as text; `?overdue=true` and an `?operator=` id as the router reads
 * them. Anything else the URL says is kept as text for the page's loader to refuse in words.
 */
export function validateListSearch(search: Record<string, unknown>): {
  page?: number | undefined;
  q?: string | undefined;
  area?: string | undefined;
  overdue?: true | string | undefined;
  action?: string | undefined;
  operator?: number | string | undefined;
} {
  const { overdue, operator } = search;
  return {
    ...validatePageSearch(search),
    q: searchText(search.q),
    area: searchText(search.area),
    overdue: overdue === true || overdue === false ? overdue || undefined : searchText(overdue),
    action: searchText(search.action),
    operator: typeof operator === 'number' ? operator : searchText(operator),
  };
}
