import type { ConsoleOperator, QueuedJoinRequest } from '@app/contracts';

/** The session of the operator signed in to the console in these tests. */
export const operator = { id: 1, name: 'Olive Operator', role: 'operator' as const };

/** Olive, who is signed in, and the other operators of the Operators page. */
export const olive: ConsoleOperator = {
  id: operator.id,
  name: operator.name,
  email: 'olive@example.com',
  authenticator: true,
  you: true,
};
export const nina: ConsoleOperator = {
  id: 2,
  name: 'Nina New',
  email: 'nina@example.com',
  authenticator: true,
  you: false,
};
export const ivan: ConsoleOperator = {
  id: 3,
  name: 'Ivan Invited',
  email: 'ivan@example.com',
  authenticator: false,
  you: false,
};

/** A join request waiting in the queue, two days left to answer it. */
export const queued = (overrides: Partial<QueuedJoinRequest> = {}): QueuedJoinRequest => ({
  id: 5,
  status: 'pending',
  applicant: { id: 9, name: 'Ada Applicant', goal: 'Ship the book' },
  team: { id: 2, name: 'Morning Writers', openSeats: 3 },
  sentAt: '2025-06-04T12:00:00.000Z',
  answerBy: '2025-06-09T12:00:00.000Z',
  daysLeft: 2,
  overdue: false,
  ...overrides,
});
