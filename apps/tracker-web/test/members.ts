import type {
  MemberAccount,
  MemberHome,
  MemberJoinRequest,
  MemberStanding,
  Teammate,
} from '@app/contracts';
import { UPLOADS_PATH } from '@app/contracts';
import { type MembershipState, memberOffers } from '@app/membership';

export const account: MemberAccount = {
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  emailConfirmed: true,
  goalSummary: 'Write one page of my book every day.',
  aboutMe: 'Mathematician and writer.',
  photo: 'uploads-key/ada.webp',
  timeZone: 'Europe/London',
};

/** Noon UTC, so the day is the same in every time zone the tests may run in. */
export const request = (overrides: Partial<MemberJoinRequest> = {}): MemberJoinRequest => ({
  id: 31,
  status: 'pending',
  sentAt: '2025-06-04T12:00:00.000Z',
  answerBy: '2025-06-09T12:00:00.000Z',
  decidedAt: null,
  team: { id: 3, name: 'Morning Writers' },
  declineReason: null,
  ...overrides,
});

export const teammates: Teammate[] = [
  {
    id: 7,
    name: 'Ada Lovelace',
    photo: `${UPLOADS_PATH}/seed/ada.svg`,
    aboutMe: 'Mathematician and writer.',
    goalSummary: 'Write one page of my book every day.',
    own: true,
  },
  {
    id: 8,
    name: 'Grace Hopper',
    photo: null,
    aboutMe: 'Navy officer; I like compilers.',
    goalSummary: 'Run three times a week.',
    own: false,
  },
];

/** Where the person stands, with what the membership machine offers there. */
export const standing = (state: MembershipState): MemberStanding => ({
  state,
  offers: memberOffers(state),
});

/** The standing a home's request and team make likely; a test about standing gives its own. */
function likelyStanding(joinRequest: MemberJoinRequest | null, onTeam: boolean): MembershipState {
  if (onTeam) return 'member';
  switch (joinRequest?.status) {
    case undefined:
      return 'noTeam';
    case 'unmatched':
      return 'applicant.unmatched';
    case 'pending':
      return 'applicant.waiting';
    case 'declined':
      return 'declined.settled';
    case 'approved':
      return 'left';
  }
}

export const home = (overrides: Partial<MemberHome> = {}): MemberHome => {
  const joinRequest = overrides.joinRequest === undefined ? request() : overrides.joinRequest;
  return {
    account,
    standing: standing(likelyStanding(joinRequest, Boolean(overrides.team))),
    joinRequest,
    team: null,
    call: null,
    ...overrides,
  };
};
