import { type CheckInStatus, calendarOf } from '@app/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeTracker, json } from '../../../test/fakeFetch.ts';
import { home, request, teammates } from '../../../test/members.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const onTeam = home({
  joinRequest: request({ status: 'approved' }),
  team: { id: 2, name: 'Deep Work Crew', members: teammates },
});

/** Joined on Wednesday 4 November 2026; today is Tuesday the 10th, before noon. */
const calendar = calendarOf({
  answers: new Map([
    ['2026-11-04', 'yes'],
    ['2026-11-06', 'not-today'],
    ['2026-11-09', 'yes'],
  ]),
  weekdays: [1, 2, 3, 4, 5],
  from: '2026-11-04',
  today: '2026-11-10',
  open: new Set(['2026-11-10', '2026-11-09']),
});

const status: CheckInStatus = {
  goal: null,
  timeZone: 'America/Denver',
  days: [
    { day: '2026-11-10', which: 'today', closesAt: '2026-11-11T07:00:00.000Z', checkIn: null },
  ],
  streaks: { current: 1, longest: 1, currentYes: 1 },
  pause: null,
  calendar,
  reactions: [],
};

describe("the member's 12 weeks on the home", () => {
  it('is a table read week by week, each day in words and each week as N of 5', async () => {
    fakeTracker({
      'GET /api/me': () => json(onTeam),
      'GET /api/me/check-ins': () => json(status),
    });
    await renderApp('/');
    const card = within(await screen.findByRole('region', { name: 'Your last 12 weeks' }));
    const table = card.getByRole('table', {
      name: 'Your check-ins by week, from Monday, August 24 to Sunday, November 15',
    });
    const rows = within(table).getAllByRole('row');
    // The head and 12 weeks.
    expect(rows).toHaveLength(13);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Week of', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Yes']);

    const joined = within(table.querySelector('tbody tr:nth-child(11)') as HTMLElement);
    expect(joined.getByRole('rowheader')).toHaveTextContent('Nov 2');
    const words = joined.getAllByRole('cell').map((cell) => cell.textContent);
    expect(words).toEqual([
      'Monday, November 2: Before you joined',
      'Tuesday, November 3: Before you joined',
      'YesWednesday, November 4: Yes',
      '–Thursday, November 5: Missed',
      'NoFriday, November 6: Not today',
      'Saturday, November 7: Not a check-in day',
      'Sunday, November 8: Not a check-in day',
      '1 of 5',
    ]);
    const current = within(table.querySelector('tbody tr:last-child') as HTMLElement);
    expect(current.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'YesMonday, November 9: Yes',
      '?Tuesday, November 10: Open: you can still answer',
      'Wednesday, November 11: Still to come',
      'Thursday, November 12: Still to come',
      'Friday, November 13: Still to come',
      'Saturday, November 14: Still to come',
      'Sunday, November 15: Still to come',
      '1 of 5',
    ]);
    // Nothing before the member joined reads as a miss.
    expect(card.getAllByText(/: Missed$/)).toHaveLength(1);
    // The table scrolls inside its card on a narrow phone and can be reached by keyboard.
    expect(card.getByRole('region', { name: 'Check-ins by week' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });
});
