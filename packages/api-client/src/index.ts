export {
  type ApiClient,
  type ApiClientOptions,
  type BookingResult,
  type CallOptions,
  type CreateUserOptions,
  createApiClient,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_UPLOAD_TIMEOUT_MS,
  type EmailConfirmation,
  type FeedbackResult,
  type ProfileResult,
  type ProfileUpdate,
} from './client.ts';
export { ApiError, type ApiErrorInit, type ApiErrorKind, isApiError } from './errors.ts';
export {
  isActiveMember,
  MEMBER_DEFAULTS,
  memberStatus,
  type NormalisedUser,
  normaliseMember,
  normaliseMembers,
  normaliseUser,
} from './members.ts';
export { resolvePhotoUrl } from './photo.ts';
export { toTeamView } from './teams.ts';
