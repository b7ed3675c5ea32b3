import type { MemberAccount, MemberHome, MemberJoinRequest, Teammate } from '@app/contracts';
import { UPLOADS_PATH } from '@app/contracts';

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

export const home = (overrides: Partial<MemberHome> = {}): MemberHome => ({
  account,
  joinRequest: request(),
  team: null,
  call: null,
  ...overrides,
});
