import { JOIN_RESPONSE_DAYS } from './constants.ts';
import { NOT_FOUND_MESSAGE } from './not-found.ts';

/** User-visible messages, worded exactly as the spec words them (sections 5 and 8). */
export const MESSAGES = {
  required: 'Required',
  invalidInput: 'Invalid input',
  enterGoal: 'Please enter your goal',
  makeSelection: 'Please make a selection',
  enterName: 'Please enter your name',
  enterEmail: 'Please enter your email address',
  enterPassword: 'Please enter a password',
  enterCode: 'Please enter the code from your authenticator app or a recovery code',
  chooseTeam: 'Please choose a team',
  enterFeedback: 'Please tell us why',
  validEmail: 'Please enter a valid email address',
  validPhone: 'Please enter a valid phone number',
  passwordHint: 'Password must be at least 6 characters',
  /** Under the intro and goal fields: what enables Next (spec 5). */
  nameHint: 'Next is enabled once you have entered your name.',
  goalHint: 'Next is enabled once you have written your goal.',
  photoTooLarge: 'Photo must be less than 5MB. Please choose a smaller file.',
  photoNotImage: 'Please choose an image file (JPEG, PNG, GIF or WebP).',
  photoSizeErrorTitle: 'Photo size error',
  photoTypeErrorTitle: 'Photo type error',

  onboardingErrorTitle: 'Error',
  onboardingError: 'There was an error submitting your information. Please try again.',
  feedbackErrorTitle: 'Error',
  feedbackError: 'There was an error submitting your feedback. Please try again.',

  createUserErrorTitle: 'Error creating account',
  /** The account step, when its address already has an account: what Sign in does. */
  accountSignInHint: (team: string) =>
    `Already have an account? Sign in, and Team ${team} and your held slot come with you.`,
  /** The account step, for the sample team (no seat is held): what Sign in does. */
  accountSignInHintNoSeat:
    'Already have an account? Sign in, and choose your team there with your account.',
  accountSignIn: 'Sign in',
  accountSigningIn: 'Taking you to sign in...',
  /** Sign in on the account step could not carry the held slot to the sign-in. */
  accountSignInFailed:
    'We could not take your slot to the sign-in just now. Nothing is lost: please try again.',
  createUserDefault: (status: number) => `Error creating user (${status})`,
  invalidServerResponse: 'Server returned an invalid response. Please try again later.',
  joinRequestSuccessTitle: 'Success!',
  joinRequestSuccess: 'Your join request has been sent to the team.',
  /** After a sign-up beside the sample team: no team has it yet. */
  joinRequestSentUnassigned: `Your join request has been sent. We will assign your team within ${JOIN_RESPONSE_DAYS} days.`,
  joinRequestWarningTitle: 'Account created',
  joinRequestWarning:
    'Your account was created, but there was an issue with your join request. The admin will be notified.',

  bookingDefaultError: 'Something went wrong. Please try again.',
  bookingNetworkError: 'Network error. Please try again later.',
  bookingConfirmedTitle: 'Booking Confirmed!',
  bookingConfirmed: 'Your meeting has been scheduled successfully.',

  profileErrorTitle: 'Error Updating Profile',
  profileError:
    'There was a problem saving your profile information. You can try again or skip this step.',
  profileStatusError: (status: number) => `Error updating profile: ${status}`,
  profileUnknownError: 'Unknown error updating profile',
  profileParseError: 'Error parsing server response',
  profileUpdatedTitle: 'Profile Updated',
  profileUpdated: 'Your profile information has been saved successfully!',
  profileSkippedTitle: 'Profile Skipped',
  profileSkipped: 'You can update your profile later after joining the team.',

  teamOtherTitle: 'Thank you!',
  teamOther: 'Thanks for taking a look. You are welcome back any time.',
  holdCountdown: (time: string) => `We're holding this slot on this team for ${time} more minutes.`,
  /** What a screen reader hears in the last minute, where the sentence above would say "0:59 more minutes". */
  holdCountdownLastMinute: "We're holding this slot on this team for less than a minute more.",
  holdEndingTitle: 'Your slot hold is ending',
  holdEnding: (time: string) => `We can hold this slot for ${time} more. Do you need more time?`,
  holdExtend: 'Hold my slot for 10 more minutes',
  holdExpiredTitle: 'Slot released',
  holdExpired:
    'We held this slot for 10 minutes and have now released it for someone else. You can look for a team again.',
  holdRetry: 'Look for another team',
  /** The compact hold line in the header of the steps after the team step (no break inside it). */
  holdLine: (time: string) => `Slot held\u00a0·\u00a0${time}`,
  holdExtended: 'Done: your slot is held for 10 more minutes.',
  holdExtendFailed: 'We could not hold your slot longer just now. Please try again.',
  holdReleasedHeading: 'This slot was released',
  holdSubmitReleased:
    'This slot was released before your join request was sent. Take this slot again, then submit.',
  /** Sign in on the account step after the slot ran out: the seat cannot go with the person. */
  holdSignInReleased:
    'This slot was released before it could go with you to sign in. Take this slot again, then sign in.',
  holdRetaken: 'Done: the slot is yours again for 10 minutes.',
  holdReleased: 'This slot was released. Your answers are kept.',
  holdRetake: 'Take this slot again',
  /** While the seat is being taken again: after Take this slot again, or after a reload gave it back. */
  holdRetaking: 'We are taking it again for you now.',
  holdTaken: 'Someone else has taken this slot. You can look for another team.',
  /** Said by screen readers, politely, only at these moments (WCAG 2.2.1, 4.1.3). */
  holdAnnounceEnding: 'Your slot hold is ending: 1 minute left.',
  holdAnnounceSeconds: (seconds: number) => `${seconds} seconds left to hold your slot.`,
  /** The team step's heading when the prospect's teams are all full (no other area's is offered). */
  areaFullHeading: (area: string) => `All ${area} teams are full right now`,
  /** The team step's heading when the team list could not be read: the sample team is shown. */
  sampleTeamHeading: 'Here is an example team',
  sampleTeamUnreachable: `These members are an example: the team list could not be reached. Send your join request and we will assign you a real team within ${JOIN_RESPONSE_DAYS} days, or book an info call.`,
  sampleTeamFull: `These members are an example of a team. Send your join request and we will place you on a real team within ${JOIN_RESPONSE_DAYS} days, or book an info call.`,
  sampleTeamRetry: 'Try again',
  teamAssignedLater: (days: number) => `We will assign your team within ${days} days.`,

  resendConfirmation: 'Resend confirmation email',
  /** The answer to a resend, the same for every address (it must not tell who has an account). */
  confirmationResent:
    'If this address has an account that is not confirmed yet, a new confirmation email is on its way.',

  statusCheckError: 'Error checking API status',
  connectionFailed: 'Connection Failed',
  notFound: NOT_FOUND_MESSAGE,
} as const;

/**
 * The spec's messages that already say which field they are about (spec 5). Marked pure so that a
 * bundle which never labels a message drops it, and MESSAGES with it.
 */
const SELF_LABELLED: ReadonlySet<string> = /* @__PURE__ */ new Set([
  MESSAGES.enterGoal,
  MESSAGES.makeSelection,
  MESSAGES.enterName,
  MESSAGES.validEmail,
  MESSAGES.validPhone,
  MESSAGES.passwordHint,
  MESSAGES.enterPassword,
]);

/**
 * A validation message as it reads away from its field (an API answer, an error summary): the
 * field's name or label first, unless the message already names what it is about.
 */
export function labelledMessage(field: string, message: string): string {
  return SELF_LABELLED.has(message) ? message : `${field}: ${message}`;
}
