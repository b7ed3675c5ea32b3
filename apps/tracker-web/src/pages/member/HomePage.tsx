import { call } from '@app/api-client/endpoints';
import {
  DEFAULT_TIME_ZONE,
  JOIN_RESPONSE_DAYS,
  MEMBER_API,
  type MemberAccount,
  type MemberJoinRequest,
  type MemberStanding,
  type MemberTeam,
} from '@app/contracts';
import { button } from '@app/ui/button.css';
import * as layout from '@app/ui/layout.css';
import { getRouteApi, Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { longDate, timeIn, weekdayMonthDay } from '../../components/dates.ts';
import { useAction } from '../../components/useAction.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { FIND_A_TEAM_PATH } from '../../config.ts';
import * as ui from '../../styles/ui.css.ts';
import { Avatar } from './Avatar.tsx';
import { CalendarCard } from './CalendarCard.tsx';
import { CallCard } from './CallCard.tsx';
import { CheckInCard, CheckInUnavailable } from './CheckInCard.tsx';
import * as styles from './HomePage.css.ts';
import { PauseCard } from './PauseCard.tsx';

// Only a member about to leave the team needs it: it loads on that tap, not with every home.
const ConfirmDialog = lazy(() =>
  import('../../components/ConfirmDialog.tsx').then(({ ConfirmDialog }) => ({
    default: ConfirmDialog,
  })),
);

const member = getRouteApi('/_member');

const HOME_TITLE = 'home-title';
const JOIN_REQUEST_TITLE = 'join-request-title';
const STANDING_TITLE = 'standing-title';
const homeRoute = getRouteApi('/_member/');

export function HomePage() {
  usePageTitle('Home');
  const home = member.useLoaderData();
  const checkIns = homeRoute.useLoaderData();
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 id={HOME_TITLE} className={ui.h1} tabIndex={-1}>
        Hello, {home.account.name}
      </h1>
      {home.keptAt ? (
        <p className={ui.tinted.warning} role="status">
          You are offline. This is the home of {home.account.name} as it was on{' '}
          {longDate(home.keptAt)} at{' '}
          {timeIn(home.keptAt, home.account.timeZone ?? DEFAULT_TIME_ZONE)}. A check-in you answer
          now is sent for {home.account.name} when the connection is back.
        </p>
      ) : null}
      <div className={styles.sections}>
        {home.team && checkIns ? (
          'unavailable' in checkIns ? (
            <CheckInUnavailable reason={checkIns.unavailable} />
          ) : (
            <>
              <CheckInCard status={checkIns} member={home.account.id} />
              <CalendarCard weeks={checkIns.calendar} />
              <PauseCard pause={checkIns.pause} />
            </>
          )
        ) : null}
        {offTeam(home.standing) ? (
          <StandingCard standing={home.standing} request={home.joinRequest} />
        ) : (
          <JoinRequestCard request={home.joinRequest} standing={home.standing} />
        )}
        <ProfileCard account={home.account} />
        {home.team && home.call ? (
          <CallCard call={home.call} timeZone={home.account.timeZone} />
        ) : null}
        {home.team ? <TeamCard team={home.team} /> : null}
      </div>
    </div>
  );
}

function statusLine(request: MemberJoinRequest): string {
  switch (request.status) {
    case 'pending':
      return `Pending: we answer within ${JOIN_RESPONSE_DAYS} days, by ${weekdayMonthDay(request.answerBy)}.`;
    case 'unmatched':
      return 'We are finding you a team.';
    case 'approved':
      return 'Approved';
    case 'declined':
      return 'Declined';
  }
}

/** The states of a person off a team with no request waiting: the home says where they stand. */
const OFF_TEAM = ['noTeam', 'left', 'declined', 'seatFreed'] as const;
const offTeam = (standing: MemberStanding) =>
  OFF_TEAM.some((state) => standing.state === state || standing.state.startsWith(`${state}.`));

/** The way back to a team, when the membership offers one. */
function FindATeam({ standing, label }: { standing: MemberStanding; label: string }) {
  if (!standing.offers.includes('team.ask')) return null;
  return (
    <p>
      <a href={FIND_A_TEAM_PATH} className={button.primary}>
        {label}
      </a>
    </p>
  );
}

/**
 * Where a person without a team stands, and the way forward: never matched, declined, left, or
 * their seat freed. Never the request's old status, which would still say Approved after leaving.
 */
function StandingCard({
  standing,
  request,
}: {
  standing: MemberStanding;
  request: MemberJoinRequest | null;
}) {
  const team = request?.team?.name ?? null;
  const state = standing.state;
  if (state === 'declined.undoable' || state === 'declined.settled') {
    return request === null ? null : <JoinRequestCard request={request} standing={standing} />;
  }
  const title =
    state === 'left'
      ? team === null
        ? 'You left your team'
        : `You left Team ${team}`
      : state === 'seatFreed.undoable' || state === 'seatFreed.settled'
        ? team === null
          ? 'Your seat was freed'
          : `Your seat on Team ${team} was freed`
        : 'You are not on a team yet';
  return (
    <section className={ui.card} aria-labelledby={STANDING_TITLE}>
      <h2 id={STANDING_TITLE} className={ui.h2} tabIndex={-1}>
        {title}
      </h2>
      {state === 'seatFreed.undoable' || state === 'seatFreed.settled' ? (
        <p>We had not heard from you for a while, so your seat went to someone waiting for one.</p>
      ) : null}
      <p>
        {state === 'noTeam'
          ? 'Choose an area and a role, and we show you a team with a seat for you.'
          : 'Your account and your profile stay. Whenever you are ready, choose a team again.'}
      </p>
      <FindATeam standing={standing} label="Find a team" />
    </section>
  );
}

function JoinRequestCard({
  request,
  standing,
}: {
  request: MemberJoinRequest | null;
  standing: MemberStanding;
}) {
  if (request === null) return null;
  return (
    <section className={ui.card} aria-labelledby={JOIN_REQUEST_TITLE}>
      <h2 id={JOIN_REQUEST_TITLE} className={ui.h2} tabIndex={-1}>
        Your join request
      </h2>
      <dl className={styles.facts}>
        <dt className={styles.term}>Team</dt>
        <dd className={styles.value}>{request.team?.name ?? 'Not chosen yet'}</dd>
        <dt className={styles.term}>Sent</dt>
        <dd className={styles.value}>
          <time dateTime={request.sentAt}>{longDate(request.sentAt)}</time>
        </dd>
        <dt className={styles.term}>Status</dt>
        <dd className={`${styles.value} ${styles.status}`}>{statusLine(request)}</dd>
      </dl>
      {request.status === 'declined' && request.declineReason ? (
        <p>
          <strong>Reason:</strong> {request.declineReason}
        </p>
      ) : null}
      <FindATeam
        standing={standing}
        label={request.status === 'unmatched' ? 'Choose a team yourself' : 'Find another team'}
      />
    </section>
  );
}

function TeamCard({ team }: { team: MemberTeam }) {
  return (
    <section className={`${ui.card} ${styles.wide}`} aria-labelledby="team-title">
      <h2 id="team-title" className={ui.h2}>
        Your team: {team.name}
      </h2>
      <p>
        <Link to="/team" className={button.secondary}>
          Team board
        </Link>
      </p>
      <ul className={styles.members}>
        {team.members.map((mate) => (
          <li key={mate.id} className={`${ui.card} ${mate.own ? styles.own : ''}`}>
            <div className={styles.person}>
              <Avatar name={mate.name} photo={mate.photo} />
              <h3 className={ui.h3}>
                {mate.name}
                {mate.own ? (
                  <>
                    {' '}
                    <span className={styles.badge}>You</span>
                  </>
                ) : null}
              </h3>
            </div>
            {mate.goalSummary ? (
              <p>
                <strong>Goal:</strong> {mate.goalSummary}
              </p>
            ) : null}
            {mate.aboutMe ? <p>{mate.aboutMe}</p> : null}
          </li>
        ))}
      </ul>
      <LeaveTeam team={team.name} />
    </section>
  );
}

function ProfileCard({ account }: { account: MemberAccount }) {
  return (
    <section className={ui.card} aria-labelledby="profile-title">
      <h2 id="profile-title" className={ui.h2}>
        Your profile
      </h2>
      <div className={styles.person}>
        <Avatar name={account.name} photo={account.photo} />
        <p className={ui.h3}>{account.name}</p>
      </div>
      <dl className={styles.facts}>
        <dt className={styles.term}>Goal</dt>
        <dd className={styles.value}>{account.goalSummary || 'Not written yet'}</dd>
        <dt className={styles.term}>About me</dt>
        <dd className={styles.value}>{account.aboutMe || 'Not written yet'}</dd>
        <dt className={styles.term}>Email</dt>
        <dd className={styles.value}>
          {account.email}{' '}
          <span className={layout.muted}>
            ({account.emailConfirmed ? 'Confirmed' : 'Not confirmed yet'})
          </span>
        </dd>
      </dl>
      {account.emailConfirmed ? null : <ResendConfirmation />}
      <p>
        <Link to="/profile" className={button.secondary}>
          Edit profile
        </Link>
      </p>
    </section>
  );
}

/** Mails the confirmation link again; the answer (or the refusal) is shown as a toast. */
function ResendConfirmation() {
  const resend = useAction({
    send: () => call(MEMBER_API.resendConfirmation),
    toast: ({ message }) => ({ title: message }),
    failure: 'The email was not sent',
  });
  return (
    <p>
      <button
        type="button"
        className={button.secondary}
        onClick={() => void resend.run()}
        aria-disabled={resend.pending || undefined}
      >
        Resend confirmation email
      </button>
    </p>
  );
}

/** Leaves the team after a confirmation; the account stays and the home shows no team. */
function LeaveTeam({ team }: { team: string }) {
  const [confirming, setConfirming] = useState(false);
  // Once asked, the dialog stays mounted, so closing it hands focus back to the button.
  const [asked, setAsked] = useState(false);
  const leave = useAction({
    send: () => call(MEMBER_API.leaveTeam),
    toast: { title: `You left Team ${team}.` },
    failure: 'You did not leave the team',
    reload: true,
    // The team's card is gone: the join request's card is where the member goes on from.
    // Off the team, the card that says where the person stands takes the request card's place.
    focus: [STANDING_TITLE, JOIN_REQUEST_TITLE, HOME_TITLE],
  });
  const onConfirm = () => {
    setConfirming(false);
    void leave.run();
  };
  return (
    <>
      <p>
        <button
          type="button"
          className={button.secondary}
          onClick={() => {
            setAsked(true);
            setConfirming(true);
          }}
          aria-disabled={leave.pending || undefined}
        >
          Leave the team
        </button>
      </p>
      {asked ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            title={`Leave Team ${team}?`}
            confirmLabel="Yes, leave the team"
            cancelLabel="No, stay"
            onConfirm={onConfirm}
            onCancel={() => setConfirming(false)}
          >
            <p>
              Your seat goes to someone else. Your account stays, and you can look for a new team.
            </p>
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </>
  );
}
