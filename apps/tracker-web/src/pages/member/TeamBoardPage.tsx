import { callAt } from '@app/api-client/endpoints';
import {
  type BoardMember,
  CHECK_IN_API,
  type MemberJoinRequest,
  type TeamBoard,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import * as layout from '@app/ui/layout.css';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { dayInWords, dayOfMonth, longDate, shortWeekday } from '../../components/dates.ts';
import { useAction } from '../../components/useAction.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import * as ui from '../../styles/ui.css.ts';
import { Avatar } from './Avatar.tsx';
import * as home from './HomePage.css.ts';
import { CheckInReactions } from './Reactions.tsx';
import * as styles from './TeamBoardPage.css.ts';
import { ANSWER_WORDS } from './words.ts';

const route = getRouteApi('/_member/team');

/**
 * The team's board: each teammate's answer today and their week against the commitment, a gentle
 * nudge for those who have not answered, and the last 14 days as a table (words in each cell,
 * colour only as a help).
 */
export function TeamBoardPage() {
  const data = route.useLoaderData();
  if (data.kind === 'waiting') return <BoardNotYetOpen joinRequest={data.joinRequest} />;
  return <Board board={data.board} />;
}

/** A member whose join request still waits: what the board is, and when it opens. */
function BoardNotYetOpen({ joinRequest }: { joinRequest: MemberJoinRequest }) {
  usePageTitle('Your team board');
  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      <h1 className={ui.h1}>Your team board</h1>
      <p>
        {joinRequest.team
          ? `The board of Team ${joinRequest.team.name} opens once your join request is approved.`
          : 'Your team’s board opens once you are placed on a team and approved.'}{' '}
        The answer is due by {longDate(joinRequest.answerBy)}.
      </p>
      <p>
        <Link to="/">Back to your home</Link>
      </p>
    </div>
  );
}

function Board({ board }: { board: TeamBoard }) {
  usePageTitle(`Team ${board.team.name}`);
  const [nudged, setNudged] = useState<ReadonlySet<number>>(new Set());
  const members = board.members.map((m) =>
    nudged.has(m.id) ? { ...m, nudgedToday: true, canNudge: false } : m,
  );
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 className={ui.h1}>Team {board.team.name}</h1>
      <section className={ui.stack} aria-labelledby="today-title">
        <h2 id="today-title" className={ui.h2}>
          Today
        </h2>
        <ul className={home.members}>
          {members.map((m) => (
            <TodayCard
              key={m.id}
              member={m}
              board={board}
              onNudged={() => setNudged((set) => new Set(set).add(m.id))}
            />
          ))}
        </ul>
      </section>
      <DaysTable board={board} />
    </div>
  );
}

function todayLine(m: BoardMember): string {
  const answer = m.today.checkIn?.answer;
  if (answer === undefined) return 'Not checked in yet today';
  return `Today: ${ANSWER_WORDS[answer]}`;
}

function TodayCard({
  member: m,
  board,
  onNudged,
}: {
  member: BoardMember;
  board: TeamBoard;
  onNudged: () => void;
}) {
  const answer = m.today.checkIn?.answer;
  const nudge = useAction({
    send: () => callAt(CHECK_IN_API.nudge, { params: { teamId: board.team.id, userId: m.id } }),
    toast: { title: `Nudge sent to ${m.name}.` },
    failure: 'The nudge was not sent',
    done: onNudged,
    // The button gives way to a line saying so: the teammate's card keeps the place.
    focus: `today-${m.id}`,
  });
  return (
    <li className={`${ui.card} ${m.own ? home.own : ''}`}>
      <div className={home.person}>
        <Avatar name={m.name} photo={m.photo} />
        <h3 id={`today-${m.id}`} className={ui.h3} tabIndex={-1}>
          {m.name}
          {m.own ? (
            <>
              {' '}
              <span className={home.badge}>You</span>
            </>
          ) : null}
        </h3>
      </div>
      {m.goalSummary ? (
        <p>
          <strong>Goal:</strong> {m.goalSummary}
        </p>
      ) : null}
      <p
        className={`${styles.today} ${
          answer === 'yes'
            ? styles.mark.yes
            : answer === 'not-today'
              ? styles.mark.no
              : styles.mark.none
        }`}
      >
        {todayLine(m)}
      </p>
      {m.pausedUntil ? (
        <p className={styles.paused}>Paused until {dayInWords(m.pausedUntil)}</p>
      ) : null}
      {m.today.checkIn?.note ? <p>“{m.today.checkIn.note}”</p> : null}
      <p className={styles.week}>
        {m.weekYes} of {board.perWeek} this week
      </p>
      {m.today.checkIn ? (
        <CheckInReactions
          target={{
            teamId: board.team.id,
            member: m,
            day: m.today.day,
            answer: m.today.checkIn.answer,
            note: m.today.checkIn.note,
          }}
          initial={m.today.reactions}
        />
      ) : null}
      {m.canNudge ? (
        <p>
          <button
            type="button"
            className={button.secondary}
            onClick={() => void nudge.run()}
            aria-disabled={nudge.pending || undefined}
            aria-label={`Nudge ${m.name}`}
          >
            Nudge
          </button>
        </p>
      ) : m.nudgedToday ? (
        <p className={layout.muted}>You nudged {m.name} today.</p>
      ) : null}
    </li>
  );
}

const CELL_WORDS = { yes: 'Yes', 'not-today': 'No' } as const;

function DaysTable({ board }: { board: TeamBoard }) {
  return (
    <section className={`${ui.stack} ${styles.section}`} aria-labelledby="days-title">
      <h2 id="days-title" className={ui.h2}>
        The last {board.days.length} days
      </h2>
      <p className={layout.muted}>
        Yes: did that thing. No: not today. A dash: no check-in. P: paused. Empty: before they
        joined the team. Days are dates in each member's own time zone.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard */}
      <section className={styles.scroller} aria-label="Check-ins by day" tabIndex={0}>
        <table className={styles.table}>
          <caption className={layout.visuallyHidden}>
            Check-ins from {dayInWords(board.days[0] ?? board.today)} to {dayInWords(board.today)}
          </caption>
          <thead>
            <tr>
              <th scope="col" className={styles.name}>
                Member
              </th>
              {board.days.map((day) => (
                <th key={day} scope="col" className={styles.dayHead}>
                  <abbr title={dayInWords(day)} className={styles.dayName}>
                    {shortWeekday(day)}
                    <br />
                    {dayOfMonth(day)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {board.members.map((m) => (
              <tr key={m.id}>
                <th scope="row" className={styles.name}>
                  {m.name}
                </th>
                {m.days.map(({ day, answer, beforeJoining, paused }) => (
                  <td
                    key={day}
                    className={`${styles.cell} ${
                      answer === 'yes'
                        ? styles.mark.yes
                        : answer === 'not-today'
                          ? styles.mark.no
                          : styles.mark.none
                    }`}
                  >
                    {answer !== null ? (
                      CELL_WORDS[answer]
                    ) : paused ? (
                      <>
                        <span aria-hidden="true">P</span>
                        <span className={layout.visuallyHidden}>Paused</span>
                      </>
                    ) : beforeJoining ? (
                      <>
                        <span aria-hidden="true"> </span>
                        <span className={layout.visuallyHidden}>Not on the team yet</span>
                      </>
                    ) : (
                      <>
                        <span aria-hidden="true">–</span>
                        <span className={layout.visuallyHidden}>No check-in</span>
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}
