import * as z from 'zod/mini';
import {
  type Endpoint,
  endpoint,
  HoldParams,
  IdParams,
  PROXY_PREFIX,
  profileFormSchema,
  TRACKER_READS,
} from './endpoints.ts';
import { HEALTH_API } from './health.ts';
import {
  BookingPayload,
  BookingResponse,
  ConfirmEmailPayload,
  ConfirmEmailResponse,
  CreateHoldPayload,
  CreateUserPayload,
  CreateUserResponse,
  FeedbackPayload,
  FeedbackResponse,
  HandOverPayload,
  HandOverResponse,
  HoldResponse,
  IdempotentHeaders,
  NextAvailableDateResponse,
  OnboardingPayload,
  OnboardingResponse,
  ProfileResponse,
  ResendConfirmationPayload,
  ResendConfirmationResponse,
  SignUpHeaders,
  StatusResponse,
} from './schemas.ts';

/** A site endpoint that passes a tracker read through to the browser as it is. */
interface ProxiedRead extends Endpoint {
  readonly proxies: Endpoint;
}

/** A tracker read the browser may make through the site, at `/api/proxy` + its tracker path. */
function proxied<const E extends Endpoint>(read: E, summary: string = read.summary) {
  return {
    method: read.method,
    url: `${PROXY_PREFIX}${read.url}`,
    summary,
    schema: read.schema,
    proxies: read,
  } as const satisfies ProxiedRead;
}

/**
 * The site's API (spec 7). `session: true` marks the calls that act for the browser session that
 * made the hold or the account (the session cookie is the credential).
 */
export const SITE_API = {
  listTeams: proxied(TRACKER_READS.listTeams),
  getTeam: proxied(TRACKER_READS.getTeam),
  getUser: {
    ...proxied(
      TRACKER_READS.getMember,
      'Read a member, or the account this browser created with its real status',
    ),
    session: true,
  },
  listFocusAreas: proxied(TRACKER_READS.listFocusAreas),
  listRoleAreas: proxied(TRACKER_READS.listRoleAreas),
  submitOnboarding: endpoint({
    method: 'POST',
    url: '/api/onboarding',
    summary: 'Record the area and role chosen on the role step',
    schema: { body: OnboardingPayload, response: { 201: OnboardingResponse } },
  }),
  submitBooking: endpoint({
    method: 'POST',
    url: '/api/booking',
    summary: 'Book the next info call at 1:00 PM Mountain Time',
    schema: {
      headers: IdempotentHeaders,
      body: BookingPayload,
      response: { 201: BookingResponse },
    },
  }),
  submitFeedback: endpoint({
    method: 'POST',
    url: '/api/feedback',
    summary: 'Leave feedback after No thanks',
    schema: {
      headers: IdempotentHeaders,
      body: FeedbackPayload,
      response: { 201: FeedbackResponse },
    },
  }),
  createUser: endpoint({
    method: 'POST',
    url: '/api/users',
    summary: 'Create an account and send its join request',
    schema: {
      headers: SignUpHeaders,
      body: CreateUserPayload,
      response: { 201: CreateUserResponse },
    },
  }),
  nextAvailableDate: endpoint({
    method: 'GET',
    url: '/api/booking/next-available-date',
    summary: 'Read the date of the next info call',
    schema: { response: { 200: NextAvailableDateResponse } },
  }),
  confirmEmail: endpoint({
    method: 'POST',
    url: '/api/confirm-email',
    summary: 'Confirm an email address with the token from its link',
    schema: { body: ConfirmEmailPayload, response: { 200: ConfirmEmailResponse } },
  }),
  resendConfirmation: endpoint({
    method: 'POST',
    url: '/api/confirm-email/resend',
    summary: 'Ask for the confirmation email again',
    schema: { body: ResendConfirmationPayload, response: { 202: ResendConfirmationResponse } },
  }),
  createHold: endpoint({
    method: 'POST',
    url: '/api/holds',
    summary: 'Hold the open seat on a team for 10 minutes',
    schema: { body: CreateHoldPayload, response: { 201: HoldResponse } },
  }),
  extendHold: {
    ...endpoint({
      method: 'POST',
      url: '/api/holds/:id/extend',
      summary: "Hold this browser's seat for another 10 minutes",
      schema: { params: HoldParams, response: { 200: HoldResponse } },
    }),
    session: true,
  },
  handOverHold: {
    ...endpoint({
      method: 'POST',
      url: '/api/holds/:id/hand-over',
      summary:
        "Carry this browser's held seat to the tracker's sign-in, for an address that has an account",
      schema: { params: HoldParams, body: HandOverPayload, response: { 201: HandOverResponse } },
    }),
    session: true,
  },
  releaseHold: {
    ...endpoint({
      method: 'DELETE',
      url: '/api/holds/:id',
      summary: "Give this browser's held seat back",
      schema: { params: HoldParams, response: { 204: z.void() } },
    }),
    session: true,
  },
  updateProfile: {
    ...endpoint({
      method: 'POST',
      url: '/api/users/:id/profile',
      summary: "Save the new account's photo and about text",
      schema: { ...profileFormSchema, params: IdParams, response: { 200: ProfileResponse } },
    }),
    session: true,
  },
  getStatus: endpoint({
    method: 'GET',
    url: '/api/status',
    summary: 'Report the API key, a connection test to the tracker and the Node.js release',
    schema: { response: { 200: StatusResponse } },
  }),
  healthLive: HEALTH_API.live,
  healthReady: HEALTH_API.ready,
} as const;

/** The proxied reads of SITE_API, each with the tracker read it passes through. */
export const PROXIED_READS: readonly ProxiedRead[] = Object.values(SITE_API).filter(
  (entry): entry is (typeof SITE_API)[keyof typeof SITE_API] & ProxiedRead => 'proxies' in entry,
);
