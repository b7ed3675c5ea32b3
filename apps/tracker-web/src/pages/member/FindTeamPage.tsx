import { call, callAt } from '@app/api-client/endpoints';
import {
  type Category,
  type HeldTeam,
  MEMBER_API,
  MESSAGES,
  ROLE_OPTIONS,
  type TeamSearchState,
} from '@app/contracts';
import { ROLE_QUESTIONS, SUPPORT_AREAS } from '@app/onboarding/choices';
import { formatCountdown, isHoldEnding } from '@app/onboarding/hold';
import { button } from '@app/ui/button.css';
import { luckyHeading, TeamMembers } from '@app/ui/team-members';
import { toast } from '@app/ui/toast-store';
import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAction } from '../../components/useAction.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import * as ui from '../../styles/ui.css.ts';

const route = getRouteApi('/_member/find-a-team');

/** The state and, when a seat came over from the site, that seat (or why it could not). */
export interface FindTeamData {
  state: TeamSearchState;
  handOverError: string | null;
}

/** When the held seat runs out, on this browser's clock from the server's seconds left. */
const endOf = (held: HeldTeam) => Date.now() + held.hold.secondsLeft * 1000;

/**
 * Find a team: a member without a team chooses an area and a role as on the site's first steps,
 * is shown a real team with a seat held for them, and sends a join request with their account.
 */
export function FindTeamPage() {
  usePageTitle('Find a team');
  const { state, handOverError } = route.useLoaderData();
  const [held, setHeld] = useState<HeldTeam | null>(state.held);
  const heading = useRef<HTMLHeadingElement>(null);
  // A new screen of the page (the team found, or the choice again) takes focus at its heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each change of the team shown
  useEffect(() => {
    heading.current?.focus();
  }, [held?.hold.id]);

  if (state.standing !== 'open') {
    return (
      <div className={`${ui.narrow} ${ui.stack}`}>
        <h1 className={ui.h1}>Find a team</h1>
        <p className={ui.lead}>
          {state.standing === 'on-team'
            ? `You are a member of Team ${state.teamName ?? ''}. Leave that team first to look for another.`
            : state.teamName === null
              ? 'Your join request is waiting for an answer.'
              : `Your join request to Team ${state.teamName} is waiting for an answer.`}
        </p>
        <p>
          <Link to="/" className={button.primary}>
            Back to your home
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className={`${ui.narrow} ${ui.stack}`}>
      {held === null ? (
        <ChooseTeam heading={heading} onFound={setHeld} notice={handOverError} />
      ) : (
        <ShowTeam heading={heading} held={held} onHeld={setHeld} />
      )}
    </div>
  );
}

function ChooseTeam({
  heading,
  onFound,
  notice,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  onFound: (held: HeldTeam) => void;
  notice: string | null;
}) {
  const [category, setCategory] = useState<Category | null>(null);
  const [role, setRole] = useState('');
  // What the form itself says (the seat from the site that could not come over, an unchosen
  // area or role); the tracker's refusal, once sent, is the search's.
  const [problem, setProblem] = useState<string | null>(notice);
  const search = useAction({
    send: (choice: { category: Category; role: string }) => call(MEMBER_API.searchTeam, choice),
    done: (held) => onFound(held),
  });
  const error = search.error ?? problem;
  const { pending } = search;
  const options: readonly string[] = category === null ? [] : ROLE_OPTIONS[category];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (category === null || role.trim() === '') {
      search.setError(null);
      return setProblem(
        category === 'other' && role.trim() === '' ? MESSAGES.enterGoal : MESSAGES.makeSelection,
      );
    }
    await search.run({ category, role });
  }

  return (
    <>
      <h1 className={ui.h1} ref={heading} tabIndex={-1}>
        Find a team
      </h1>
      <p className={ui.lead}>
        Choose your area and your role: we show you a team with a seat held for you, and you send
        your join request with this account.
      </p>
      <form method="post" className={ui.stack} onSubmit={submit} noValidate>
        {error === null ? null : (
          <p role="alert" className={ui.tinted.danger}>
            {error}
          </p>
        )}
        <fieldset>
          <legend className={ui.h2}>Around which area would you like support?</legend>
          {SUPPORT_AREAS.map((area) => (
            <label key={area.id} style={{ display: 'block' }}>
              <input
                type="radio"
                name="category"
                value={area.id}
                checked={category === area.id}
                onChange={() => {
                  setCategory(area.id);
                  setRole('');
                }}
              />{' '}
              <strong>{area.title}</strong>: {area.description}
            </label>
          ))}
        </fieldset>
        {category === null ? null : (
          <fieldset>
            <legend className={ui.h2}>{ROLE_QUESTIONS[category]}</legend>
            {options.length === 0 ? (
              <label style={{ display: 'block' }}>
                Your goal{' '}
                <input
                  type="text"
                  name="role"
                  value={role}
                  placeholder="Enter your specific goal"
                  onChange={(event) => setRole(event.target.value)}
                />
              </label>
            ) : (
              options.map((option) => (
                <label key={option} style={{ display: 'block' }}>
                  <input
                    type="radio"
                    name="role"
                    value={option}
                    checked={role === option}
                    onChange={() => setRole(option)}
                  />{' '}
                  {option}
                </label>
              ))
            )}
          </fieldset>
        )}
        <p>
          <SubmitButton pending={pending}>Find my team</SubmitButton>
        </p>
      </form>
    </>
  );
}

function ShowTeam({
  heading,
  held,
  onHeld,
}: {
  heading: RefObject<HTMLHeadingElement | null>;
  held: HeldTeam;
  onHeld: (held: HeldTeam | null) => void;
}) {
  const navigate = useNavigate();
  const router = useRouter();
  const [endsAt, setEndsAt] = useState(() => endOf(held));
  const [now, setNow] = useState(() => Date.now());
  // Send, keep the seat longer, look again: one at a time, a refusal shown above them.
  const work = useAction({ send: (task: () => Promise<void>) => task() });
  const { pending, error } = work;
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const released = seconds === 0;
  const { team } = held;

  const act = (task: () => Promise<void>) => work.run(task);
  const send = () =>
    act(async () => {
      await call(MEMBER_API.sendJoinRequest, { holdId: held.hold.id });
      toast({ title: `Join request sent to Team ${team.name}` });
      // The home is read with every member page: read it again, or it still shows the old standing.
      await router.invalidate({ filter: (match) => match.routeId === '/_member' });
      await navigate({ to: '/' });
    });
  const extend = () =>
    act(async () => {
      const { hold } = await callAt(MEMBER_API.extendHeldSeat, { params: { id: held.hold.id } });
      setEndsAt(endOf({ ...held, hold }));
    });
  const again = () =>
    act(async () => {
      if (!released) {
        await callAt(MEMBER_API.releaseHeldSeat, { params: { id: held.hold.id } });
      }
      onHeld(null);
    });

  return (
    <>
      <h1 className={ui.h1} ref={heading} tabIndex={-1}>
        {released ? MESSAGES.holdReleasedHeading : luckyHeading(team.name)}
      </h1>
      {error === null ? null : (
        <p role="alert" className={ui.tinted.danger}>
          {error}
        </p>
      )}
      {released ? (
        <p>{MESSAGES.holdExpired}</p>
      ) : (
        <p>
          {MESSAGES.holdCountdown(formatCountdown(seconds))}
          {isHoldEnding(endsAt, now) ? (
            <>
              {' '}
              <button type="button" className={button.secondary} onClick={extend}>
                {MESSAGES.holdExtend}
              </button>
            </>
          ) : null}
        </p>
      )}
      <p className={ui.stack}>
        {released ? null : (
          <button
            type="button"
            className={button.primary}
            onClick={send}
            aria-disabled={pending || undefined}
          >
            Send my join request to Team {team.name}
          </button>
        )}
        <button type="button" className={button.secondary} onClick={again}>
          {MESSAGES.holdRetry}
        </button>
      </p>
      <TeamMembers teamName={team.name} members={team.members} />
    </>
  );
}
