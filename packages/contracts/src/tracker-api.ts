import * as z from 'zod/mini';
import { endpoint, HoldParams, IdParams, profileFormSchema, TRACKER_READS } from './endpoints.ts';
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
  HOLD_OWNER_HEADER,
  HoldOwner,
  HoldResponse,
  IdempotentHeaders,
  NextAvailableDateResponse,
  OnboardingPayload,
  OnboardingResponse,
  ProfileResponse,
  PublicUser,
  ResendConfirmationPayload,
  ResendConfirmationResponse,
  SignUpHeaders,
  TeamIdField,
} from './schemas.ts';

/** Between the site and the tracker: every hold call names its owner. */
export const HoldOwnerHeaders = z.looseObject({ [HOLD_OWNER_HEADER]: HoldOwner });
/** The site names the browser session whose live hold on the team becomes the membership. */
export const TrackerSignUpHeaders = z.extend(SignUpHeaders, {
  [HOLD_OWNER_HEADER]: z.optional(HoldOwner),
});

export const SignInPayload = z.object({
  email: z.string().check(z.minLength(1), z.maxLength(320)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
});
export const SignInAnswer = z.object({ user: z.object({ id: z.number() }) });

export const JoinRequestDecision = z.enum(['approved', 'declined']);
export const JoinRequestListQuery = z.object({
  status: z._default(
    z.enum(['unmatched', 'pending', 'approved', 'declined', 'all'], {
      error: "status must be one of 'unmatched', 'pending', 'approved', 'declined', 'all'",
    }),
    'pending',
  ),
});
export const JoinRequestList = z.object({
  joinRequests: z.array(
    z.object({
      id: z.number(),
      status: z.enum(['unmatched', 'pending', ...JoinRequestDecision.options]),
      createdAt: z.iso.datetime(),
      decidedAt: z.nullable(z.iso.datetime()),
      /** Null while unmatched: no team was chosen at sign-up; an operator places the request. */
      membershipId: z.nullable(z.number()),
      team: z.nullable(z.object({ id: z.number(), name: z.string() })),
      user: z.object({
        id: z.number(),
        name: z.string(),
        email: z.string(),
        goalSummary: z.nullable(z.string()),
        emailConfirmed: z.boolean(),
      }),
    }),
  ),
});
export const JoinRequestDecisionAnswer = z.object({ id: z.number(), status: JoinRequestDecision });
export const DeclinePayload = z.object({
  reason: z.optional(
    z.string().check(z.trim(), z.maxLength(1000, 'Must be at most 1000 characters')),
  ),
});
export const PlacePayload = z.object({ teamId: TeamIdField });
export const PlaceAnswer = z.object({
  id: z.number(),
  status: z.literal('pending'),
  team: z.object({ id: z.number(), name: z.string() }),
});

/** The tracker's API. Every route needs the x-api-key header except where `public` says not. */
export const TRACKER_API = {
  ...TRACKER_READS,
  health: endpoint({
    method: 'GET',
    url: '/health',
    summary: 'Say the tracker is up',
    schema: { response: { 200: z.object({ status: z.literal('ok') }) } },
  }),
  healthLive: HEALTH_API.live,
  healthReady: HEALTH_API.ready,
  getOwnUser: endpoint({
    method: 'GET',
    url: '/users/:id/own',
    summary: 'Read an account for its owner, with the status of its place on a team',
    schema: { params: IdParams, response: { 200: PublicUser } },
  }),
  createHold: endpoint({
    method: 'POST',
    url: '/holds',
    summary: 'Hold the open seat on a team for its owner',
    schema: { headers: HoldOwnerHeaders, body: CreateHoldPayload, response: { 201: HoldResponse } },
  }),
  extendHold: endpoint({
    method: 'POST',
    url: '/holds/:id/extend',
    summary: 'Hold the seat for another 10 minutes',
    schema: { headers: HoldOwnerHeaders, params: HoldParams, response: { 200: HoldResponse } },
  }),
  handOverHold: endpoint({
    method: 'POST',
    url: '/holds/:id/hand-over',
    summary:
      "A token that gives the owner's live hold to the account of this address at its sign-in",
    schema: {
      headers: HoldOwnerHeaders,
      params: HoldParams,
      body: HandOverPayload,
      response: { 201: HandOverResponse },
    },
  }),
  releaseHold: endpoint({
    method: 'DELETE',
    url: '/holds/:id',
    summary: 'Give a held seat back',
    schema: { headers: HoldOwnerHeaders, params: HoldParams, response: { 204: z.void() } },
  }),
  createUser: endpoint({
    method: 'POST',
    url: '/users',
    summary: 'Create an account and its join request',
    schema: {
      headers: TrackerSignUpHeaders,
      body: CreateUserPayload,
      response: { 201: CreateUserResponse },
    },
  }),
  updateProfile: endpoint({
    method: 'POST',
    url: '/users/:id/profile',
    summary: "Save an account's photo and about text",
    schema: { ...profileFormSchema, params: IdParams, response: { 200: ProfileResponse } },
  }),
  signIn: endpoint({
    method: 'POST',
    url: '/sign-ins',
    summary: 'Check an email and password',
    schema: { body: SignInPayload, response: { 200: SignInAnswer } },
  }),
  confirmEmail: endpoint({
    method: 'POST',
    url: '/email-confirmations',
    summary: 'Confirm an email address with the token from its link',
    schema: { body: ConfirmEmailPayload, response: { 200: ConfirmEmailResponse } },
  }),
  resendConfirmation: endpoint({
    method: 'POST',
    url: '/email-confirmations/resend',
    summary: 'Send the confirmation email again (the same answer for every address)',
    schema: { body: ResendConfirmationPayload, response: { 202: ResendConfirmationResponse } },
  }),
  listJoinRequests: endpoint({
    method: 'GET',
    url: '/join-requests',
    summary: 'List join requests by status',
    schema: { querystring: JoinRequestListQuery, response: { 200: JoinRequestList } },
  }),
  placeJoinRequest: endpoint({
    method: 'POST',
    url: '/join-requests/:id/place',
    summary: 'Place an unmatched join request on a team with an open seat',
    schema: { params: IdParams, body: PlacePayload, response: { 200: PlaceAnswer } },
  }),
  approveJoinRequest: endpoint({
    method: 'POST',
    url: '/join-requests/:id/approve',
    summary: 'Approve a pending join request',
    schema: { params: IdParams, response: { 200: JoinRequestDecisionAnswer } },
  }),
  declineJoinRequest: endpoint({
    method: 'POST',
    url: '/join-requests/:id/decline',
    summary: 'Decline a pending join request, with a note the member sees',
    schema: {
      params: IdParams,
      body: z.nullish(DeclinePayload),
      response: { 200: JoinRequestDecisionAnswer },
    },
  }),
  nextAvailableDate: endpoint({
    method: 'GET',
    url: '/bookings/next-available-date',
    summary: 'Read the date of the next info call',
    schema: { response: { 200: NextAvailableDateResponse } },
  }),
  createBooking: endpoint({
    method: 'POST',
    url: '/bookings',
    summary: 'Book the next info call',
    schema: {
      headers: IdempotentHeaders,
      body: BookingPayload,
      response: { 201: BookingResponse },
    },
  }),
  createFeedback: endpoint({
    method: 'POST',
    url: '/feedback',
    summary: 'Record feedback',
    schema: {
      headers: IdempotentHeaders,
      body: FeedbackPayload,
      response: { 201: FeedbackResponse },
    },
  }),
  createOnboarding: endpoint({
    method: 'POST',
    url: '/onboarding',
    summary: 'Record the area and role chosen on the role step',
    schema: { body: OnboardingPayload, response: { 201: OnboardingResponse } },
  }),
} as const;
