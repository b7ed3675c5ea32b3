import {
  type BookingPayload,
  BookingResponse,
  ConfirmEmailResponse,
  type CreateUserPayload,
  CreateUserResponse,
  type Endpoint,
  ErrorBody,
  type FeedbackPayload,
  FeedbackResponse,
  FocusArea,
  FocusRole,
  HandOverResponse,
  type Hold,
  HoldResponse,
  IDEMPOTENCY_KEY_HEADER,
  type Id,
  MESSAGES,
  NextAvailableDateResponse,
  type OnboardingPayload,
  ProfileResponse,
  PublicUser,
  pathOf,
  ResendConfirmationResponse,
  RoleArea,
  SITE_API,
  StatusResponse,
  Team,
  type TeamView,
} from '@app/contracts';
import { isNetworkError, isTimeoutError, type KyInstance } from 'ky';
import * as z from 'zod/mini';
import { ApiError } from './errors.ts';
import { createHttp } from './http.ts';
import { toTeamView } from './teams.ts';

export interface ApiClientOptions {
  /**
   * Where `/api/...` paths are resolved. Defaults to the page's origin in a browser; needed
   * outside one (Node's fetch has no page to resolve relative URLs against).
   */
  baseUrl?: string;
  /** A fetch to use instead of the global one (tests pass a fake). */
  fetch?: typeof globalThis.fetch;
  /** Per-request time-out for ordinary calls, in ms. */
  timeoutMs?: number;
  /** Time-out for the photo upload, which can be several MB on a slow line, in ms. */
  uploadTimeoutMs?: number;
}

/** Lets a caller cancel a call, e.g. an XState actor that is stopped when its state is left. */
export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * The options of a write the person may send again after a lost answer (a sign-up, a booking,
 * feedback): the same idempotency key each time, so the server answers it with the first answer.
 */
export interface IdempotentOptions extends CallOptions {
  idempotencyKey?: string;
}
/** A sign-up's options. */
export type CreateUserOptions = IdempotentOptions;

function withKey(idempotencyKey: string | undefined) {
  return idempotencyKey === undefined
    ? {}
    : { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } };
}

export interface ProfileUpdate {
  aboutMe?: string;
  photoFile?: Blob;
}

/** The profile call's answer, with the photo path taken from whichever field the server used. */
export interface ProfileResult {
  photo: string | null;
  message: string | null;
}

export type EmailConfirmation =
  | { outcome: 'confirmed'; message: string }
  | { outcome: 'already-used'; message: string }
  | { outcome: 'expired'; message: string }
  | { outcome: 'unknown-token'; message: string };

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_UPLOAD_TIMEOUT_MS = 60_000;

const NETWORK_MESSAGE = 'Network error. Please try again later.';

interface Answer {
  status: number;
  statusText: string;
  ok: boolean;
  text: string;
}

interface SendOptions extends CallOptions {
  method: 'get' | 'post' | 'delete';
  json?: unknown;
  body?: FormData;
  timeout?: number;
  keepalive?: boolean;
  headers?: Record<string, string>;
}

function defaultBaseUrl(): string | undefined {
  const location = (globalThis as { location?: { origin?: string } }).location;
  return location?.origin && location.origin !== 'null' ? `${location.origin}/` : undefined;
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function errorBody(answer: Answer): ErrorBody | null {
  const json = tryJson(answer.text);
  if (!json.ok) return null;
  const parsed = z.partial(ErrorBody).safeParse(json.value);
  if (!parsed.success) return null;
  return {
    message: parsed.data.message ?? '',
    code: parsed.data.code,
    details: parsed.data.details,
  };
}

function serverCode(answer: Answer): string | undefined {
  return errorBody(answer)?.code;
}

/** Spec 8, generic rule: '{status}: {body text}', or the status text when the body is empty. */
function httpError(answer: Answer, message?: string): ApiError {
  const fallback = `${answer.status}: ${answer.text.trim() === '' ? answer.statusText : answer.text}`;
  const json = tryJson(answer.text);
  return new ApiError(message ?? fallback, {
    kind: 'http',
    status: answer.status,
    statusText: answer.statusText,
    code: serverCode(answer),
    data: json.ok ? json.value : answer.text,
  });
}

function parseError(answer: Answer, message: string, cause?: unknown): ApiError {
  return new ApiError(message, {
    kind: 'parse',
    status: answer.status,
    statusText: answer.statusText,
    data: answer.text,
    cause,
  });
}

/** Parses a success body with a contract schema, or throws a `parse` error with the given message. */
function parseBody<T>(answer: Answer, schema: z.ZodMiniType<T>, message: string): T {
  const json = tryJson(answer.text);
  if (!json.ok) throw parseError(answer, message);
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) throw parseError(answer, message, parsed.error);
  return parsed.data;
}

/** Keeps the items of a list that match the contract, so one odd record does not hide the rest. */
function parseItems<T>(items: unknown, schema: z.ZodMiniType<T>): T[] {
  if (!Array.isArray(items)) return [];
  const kept: T[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) kept.push(parsed.data);
  }
  return kept;
}

/** Spec 3: focus areas arrive wrapped (`{ focusAreas }`) or bare, with `focusRoles` or `roles`. */
const LooseFocusArea = z.pipe(
  z.object({
    id: z.union([z.number(), z.string()]),
    name: z.string(),
    description: z.optional(z.nullable(z.string())),
    focusRoles: z.optional(z.array(z.unknown())),
    roles: z.optional(z.array(z.unknown())),
  }),
  z.transform((area) =>
    FocusArea.parse({
      id: area.id,
      name: area.name,
      description: area.description ?? null,
      focusRoles: parseItems(area.focusRoles ?? area.roles ?? [], FocusRole),
    }),
  ),
);

const LooseRoleArea = z.pipe(
  z.object({
    id: z.union([z.number(), z.string()]),
    name: z.string(),
    description: z.optional(z.nullable(z.string())),
  }),
  z.transform((area) => RoleArea.parse({ ...area, description: area.description ?? null })),
);

/**
 * A team checked against the contract, then normalised (spec 3): the member shapes and their
 * alternative field names are read by `toTeamView`, which the contract's parse would strip.
 */
const TeamRecord = z.transform((raw, context): TeamView => {
  const checked = Team.safeParse(raw);
  const view = checked.success ? toTeamView(raw) : null;
  if (view === null) {
    context.issues.push({ code: 'custom', message: 'Not a team', input: raw });
    return z.NEVER;
  }
  return view;
});

function listOf(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object' && key in value) {
    return (value as Record<string, unknown>)[key];
  }
  return [];
}

/** Spec 8, user creation: server message, else details, else '{status}: {statusText}', else default. */
function createUserMessage(answer: Answer): string {
  const body = errorBody(answer);
  if (body?.message) return body.message;
  const details = describeDetails(body?.details);
  if (details) return details;
  if (answer.statusText) return `${answer.status}: ${answer.statusText}`;
  return MESSAGES.createUserDefault(answer.status);
}

function describeDetails(details: unknown): string | null {
  if (typeof details === 'string' && details.trim() !== '') return details;
  if (Array.isArray(details)) {
    const messages = details
      .map((item) =>
        typeof item === 'string'
          ? item
          : item !== null && typeof item === 'object' && 'message' in item
            ? String(item.message)
            : '',
      )
      .filter((message) => message !== '');
    if (messages.length > 0) return messages.join('; ');
  }
  return null;
}

/** A site endpoint's path relative to the base URL, its parameters filled in. */
function at(endpoint: Pick<Endpoint, 'url'>, params?: Record<string, Id>): string {
  return pathOf(endpoint, params).slice(1);
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? defaultBaseUrl();
  // Every status is interpreted here, per call, as spec 8 asks.
  const http: KyInstance = createHttp({
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    credentials: 'include',
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const uploadTimeout = options.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS;

  async function send(path: string, init: SendOptions): Promise<Answer> {
    try {
      const response = await http(path, {
        method: init.method,
        ...(init.json === undefined ? {} : { json: init.json }),
        ...(init.body === undefined ? {} : { body: init.body }),
        ...(init.signal === undefined ? {} : { signal: init.signal }),
        ...(init.timeout === undefined ? {} : { timeout: init.timeout }),
        ...(init.keepalive === undefined ? {} : { keepalive: init.keepalive }),
        ...(init.headers === undefined ? {} : { headers: init.headers }),
      });
      const text = await response.text();
      return { status: response.status, statusText: response.statusText, ok: response.ok, text };
    } catch (error) {
      if (init.signal?.aborted) {
        throw new ApiError('The request was cancelled.', { kind: 'aborted', cause: error });
      }
      if (isTimeoutError(error)) {
        throw new ApiError(NETWORK_MESSAGE, { kind: 'network', timedOut: true, cause: error });
      }
      // ky recognises the browsers' own network failures; a fetch that throws anything else
      // (a blocked request, a bad URL) has still produced no response.
      throw new ApiError(NETWORK_MESSAGE, {
        kind: 'network',
        cause: isNetworkError(error) ? error.cause : error,
      });
    }
  }

  /** Default fetch of spec 7: GET, JSON, any non-success is the generic error. */
  async function getJson<T>(
    path: string,
    schema: z.ZodMiniType<T>,
    call?: CallOptions,
  ): Promise<T> {
    const answer = await send(path, { method: 'get', ...call });
    if (!answer.ok) throw httpError(answer);
    return parseBody(answer, schema, MESSAGES.invalidServerResponse);
  }

  /** Team, focus-area and role-area lists: errors yield an empty list (spec 8). */
  async function getList<T>(
    path: string,
    key: string,
    schema: z.ZodMiniType<T>,
    call?: CallOptions,
  ): Promise<T[]> {
    try {
      const body = await getJson(path, z.unknown(), call);
      return parseItems(listOf(body, key), schema);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'aborted') throw error;
      return [];
    }
  }

  return {
    /** GET /api/proxy/teams, normalised. Never fails: an error gives an empty list. */
    getTeams: (call?: CallOptions): Promise<TeamView[]> =>
      getList(at(SITE_API.listTeams), 'teams', TeamRecord, call),

    /** GET /api/proxy/teams/{id}, normalised. Throws; the caller falls back to the sample team. */
    getTeam: (id: Id, call?: CallOptions): Promise<TeamView> =>
      getJson(at(SITE_API.getTeam, { id }), TeamRecord, call),

    /** GET /api/proxy/users/{id}. */
    getUser: (id: Id, call?: CallOptions): Promise<PublicUser> =>
      getJson(at(SITE_API.getUser, { id }), PublicUser, call),

    /** GET /api/proxy/focus-areas. Never fails: an error gives an empty list. */
    getFocusAreas: (call?: CallOptions): Promise<FocusArea[]> =>
      getList(at(SITE_API.listFocusAreas), 'focusAreas', LooseFocusArea, call),

    /** GET /api/proxy/role-areas. Never fails: an error gives an empty list. */
    getRoleAreas: (call?: CallOptions): Promise<RoleArea[]> =>
      getList(at(SITE_API.listRoleAreas), 'roleAreas', LooseRoleArea, call),

    /** POST /api/onboarding. The response is not read (spec 7). */
    async submitOnboarding(payload: OnboardingPayload, call?: CallOptions): Promise<void> {
      const answer = await send(at(SITE_API.submitOnboarding), {
        method: 'post',
        json: payload,
        ...call,
      });
      if (!answer.ok) throw httpError(answer);
    },

    /**
     * POST /api/users. Sets the session cookie the profile call needs. Send the same
     * `idempotencyKey` when trying one sign-up again: the server then answers with the first
     * outcome instead of creating a second account (or refusing the address as taken).
     */
    async createUser(
      payload: CreateUserPayload,
      { idempotencyKey, ...call }: CreateUserOptions = {},
    ): Promise<CreateUserResponse> {
      const answer = await send(at(SITE_API.createUser), {
        method: 'post',
        json: payload,
        ...call,
        ...withKey(idempotencyKey),
      });
      if (!answer.ok) throw httpError(answer, createUserMessage(answer));
      return parseBody(answer, CreateUserResponse, MESSAGES.invalidServerResponse);
    },

    /** POST /api/users/{id}/profile as multipart (the browser sets the boundary header). */
    async updateProfile(
      userId: Id,
      update: ProfileUpdate,
      call?: CallOptions,
    ): Promise<ProfileResult> {
      const form = new FormData();
      if (update.aboutMe !== undefined) form.append('aboutMe', update.aboutMe);
      if (update.photoFile !== undefined) form.append('photoFile', update.photoFile);
      let answer: Answer;
      try {
        answer = await send(at(SITE_API.updateProfile, { id: userId }), {
          method: 'post',
          body: form,
          timeout: uploadTimeout,
          ...call,
        });
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'network') {
          throw new ApiError(MESSAGES.profileUnknownError, {
            kind: 'network',
            timedOut: error.timedOut,
            cause: error,
          });
        }
        throw error;
      }
      if (!answer.ok) {
        throw httpError(
          answer,
          errorBody(answer)?.message || MESSAGES.profileStatusError(answer.status),
        );
      }
      const body = parseBody(answer, ProfileResponse, MESSAGES.profileParseError);
      return {
        photo: body.user?.photo ?? body.photo ?? body.user?.image ?? body.image ?? null,
        message: body.message ?? null,
      };
    },

    /** GET /api/booking/next-available-date: the ISO instant of the next call. */
    async getNextAvailableDate(call?: CallOptions): Promise<string> {
      return (await getJson(at(SITE_API.nextAvailableDate), NextAvailableDateResponse, call)).date;
    },

    /** POST /api/booking. Errors carry the server's message or the spec's defaults. */
    async submitBooking(
      payload: BookingPayload,
      { idempotencyKey, ...call }: IdempotentOptions = {},
    ): Promise<BookingResult> {
      const answer = await send(at(SITE_API.submitBooking), {
        method: 'post',
        json: payload,
        ...call,
        ...withKey(idempotencyKey),
      });
      if (!answer.ok) {
        throw httpError(answer, errorBody(answer)?.message || MESSAGES.bookingDefaultError);
      }
      return parseBody(answer, BookingResponse, MESSAGES.bookingDefaultError);
    },

    /** POST /api/feedback. */
    async submitFeedback(
      payload: FeedbackPayload,
      { idempotencyKey, ...call }: IdempotentOptions = {},
    ): Promise<FeedbackResult> {
      const answer = await send(at(SITE_API.submitFeedback), {
        method: 'post',
        json: payload,
        ...call,
        ...withKey(idempotencyKey),
      });
      if (!answer.ok) throw httpError(answer);
      return parseBody(answer, FeedbackResponse, MESSAGES.invalidServerResponse);
    },

    /**
     * POST /api/holds: holds a seat on the team for this browser session. A full team fails with
     * an `http` error of status 409 and code `TEAM_FULL`. The session cookie is set if needed.
     */
    async createHold(teamId: Id, call?: CallOptions): Promise<Hold> {
      const answer = await send(at(SITE_API.createHold), {
        method: 'post',
        json: { teamId },
        ...call,
      });
      if (!answer.ok) throw httpError(answer, errorBody(answer)?.message || undefined);
      return parseBody(answer, HoldResponse, MESSAGES.invalidServerResponse).hold;
    },

    /**
     * POST /api/holds/{id}/extend: the hold runs HOLD_SECONDS from now. Fails with 410
     * `HOLD_EXPIRED` when it already ran out, 404 `HOLD_NOT_FOUND` when this session has no such
     * hold, 409 `HOLD_EXTENSION_LIMIT` after HOLD_MAX_EXTENSIONS extensions.
     */
    async extendHold(holdId: string, call?: CallOptions): Promise<Hold> {
      const answer = await send(at(SITE_API.extendHold, { id: holdId }), {
        method: 'post',
        ...call,
      });
      if (!answer.ok) throw httpError(answer, errorBody(answer)?.message || undefined);
      return parseBody(answer, HoldResponse, MESSAGES.invalidServerResponse).hold;
    },

    /**
     * POST /api/holds/{id}/hand-over: the seat this browser holds goes to the tracker's sign-in
     * of the account with `email`; the answer's token goes in the sign-in link. Fails with 410
     * `HOLD_EXPIRED` when the hold ran out, 404 `HOLD_NOT_FOUND` when this session holds no such
     * seat (any more).
     */
    async handOverHold(
      holdId: string,
      email: string,
      call?: CallOptions,
    ): Promise<HandOverResponse> {
      const answer = await send(at(SITE_API.handOverHold, { id: holdId }), {
        method: 'post',
        json: { email },
        ...call,
      });
      if (!answer.ok) throw httpError(answer, errorBody(answer)?.message || undefined);
      return parseBody(answer, HandOverResponse, MESSAGES.invalidServerResponse);
    },

    /**
     * DELETE /api/holds/{id}: gives the seat back. A hold that is already gone (released, or
     * unknown to this session) counts as released.
     */
    async releaseHold(holdId: string, call?: CallOptions): Promise<void> {
      const answer = await send(at(SITE_API.releaseHold, { id: holdId }), {
        method: 'delete',
        ...call,
      });
      if (answer.ok || answer.status === 404) return;
      throw httpError(answer, errorBody(answer)?.message || undefined);
    },

    /**
     * The same DELETE for a page that is going away (`pagehide`): sent with `keepalive`, so the
     * browser finishes it after the page is gone. Nothing waits for the answer.
     */
    releaseHoldOnUnload(holdId: string): void {
      send(at(SITE_API.releaseHold, { id: holdId }), { method: 'delete', keepalive: true }).catch(
        () => {
          // The page is going away; a seat that is not given back runs out on its own.
        },
      );
    },

    /** GET /api/status for the API test page. */
    getStatus: (call?: CallOptions): Promise<StatusResponse> =>
      getJson(at(SITE_API.getStatus), StatusResponse, call),

    /**
     * POST /api/confirm-email. The three answers a visitor must be told apart (already used,
     * expired, unknown) are results, not errors; anything else throws.
     */
    async confirmEmail(token: string, call?: CallOptions): Promise<EmailConfirmation> {
      const answer = await send(at(SITE_API.confirmEmail), {
        method: 'post',
        json: { token },
        ...call,
      });
      if (answer.ok) {
        const body = parseBody(answer, ConfirmEmailResponse, MESSAGES.invalidServerResponse);
        return { outcome: 'confirmed', message: body.message };
      }
      const message = errorBody(answer)?.message ?? '';
      if (answer.status === 409) return { outcome: 'already-used', message };
      if (answer.status === 410) return { outcome: 'expired', message };
      if (answer.status === 404) return { outcome: 'unknown-token', message };
      throw httpError(answer);
    },

    /**
     * POST /api/confirm-email/resend: asks for the confirmation email again. The answer is the
     * same whether or not the address has an account; a refusal (429 with the wait in words, 400
     * for a malformed address) throws with the server's message.
     */
    async resendConfirmation(email: string, call?: CallOptions): Promise<string> {
      const answer = await send(at(SITE_API.resendConfirmation), {
        method: 'post',
        json: { email },
        ...call,
      });
      if (!answer.ok) throw httpError(answer, errorBody(answer)?.message || undefined);
      return parseBody(answer, ResendConfirmationResponse, MESSAGES.invalidServerResponse).message;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
export type BookingResult = z.infer<typeof BookingResponse>;
export type FeedbackResult = z.infer<typeof FeedbackResponse>;
