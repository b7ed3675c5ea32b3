import { DeclineForm, PlacementForm, type QueuedJoinRequest, SEARCH_MAX } from '@app/contracts';
import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { ErrorSummary } from '../../components/ErrorSummary.tsx';
import * as fieldStyles from '../../components/Field.css.ts';
import { Field } from '../../components/Field.tsx';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import * as ui from '../../styles/ui.css.ts';
import { toast } from '../../toast/index.ts';
import { longDate } from '../member/dates.ts';
import * as styles from './Console.css.ts';
import { approve, decline, PAGE_SIZE, place, type QueueData } from './console-api.ts';

const route = getRouteApi('/console/');

export function QueuePage() {
  usePageTitle('Join requests');
  const { queue, teams } = route.useLoaderData();
  const search = route.useSearch();
  const page = search.page ?? 1;
  const pages = Math.max(1, Math.ceil(queue.total / PAGE_SIZE));
  return (
    <div className={`${ui.container} ${ui.stack}`}>
      <h1 className={ui.h1}>Join requests</h1>
      <QueueSearch q={search.q} />
      <p className={ui.lead} role="status">
        {search.q
          ? queue.total === 0
            ? `Nobody waiting matches “${search.q}”.`
            : `${queue.total} waiting ${queue.total === 1 ? 'matches' : 'match'} “${search.q}”, oldest first.`
          : queue.total === 0
            ? 'Nobody is waiting for an answer.'
            : `${queue.total} waiting for an answer, oldest first.`}
      </p>
      {queue.items.length > 0 ? (
        <ul className={styles.list} aria-label="Join requests waiting">
          {queue.items.map((item) => (
            <li key={item.id}>
              <RequestCard item={item} teams={teams} />
            </li>
          ))}
        </ul>
      ) : null}
      <Pager page={page} pages={pages} to="/console" q={search.q} />
    </div>
  );
}

/** Find someone waiting by part of their name or address; the search is in the page's URL. */
function QueueSearch({ q }: { q: string | undefined }) {
  const navigate = useNavigate();
  const [text, setText] = useState(q ?? '');
  const inputId = useId();
  return (
    <form
      role="search"
      aria-label="Join requests"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = text.trim();
        void navigate({ to: '/console', search: { q: trimmed === '' ? undefined : trimmed } });
      }}
    >
      <label htmlFor={inputId} className={fieldStyles.label}>
        Find by name or email
      </label>
      <div className={styles.actions}>
        <input
          id={inputId}
          type="search"
          className={fieldStyles.control}
          value={text}
          maxLength={SEARCH_MAX}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className={ui.button.secondary}>
          Search
        </button>
        {q ? (
          <Link to="/console" className={ui.button.secondary} onClick={() => setText('')}>
            Show everyone
          </Link>
        ) : null}
      </div>
    </form>
  );
}

export function Pager({
  page,
  pages,
  to,
  q,
}: {
  page: number;
  pages: number;
  to: '/console' | '/console/audit' | '/console/info-calls' | '/console/teams';
  /** The search the pages are of (the join requests' only). */
  q?: string | undefined;
}) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pages" className={styles.pager}>
      {page > 1 ? (
        <Link
          to={to}
          search={{ page: page - 1 > 1 ? page - 1 : undefined, ...(q ? { q } : {}) }}
          className={ui.button.secondary}
        >
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link
          to={to}
          search={{ page: page + 1, ...(q ? { q } : {}) }}
          className={ui.button.secondary}
        >
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function daysLine(item: QueuedJoinRequest): string {
  if (item.overdue) return `Overdue: the answer was due ${longDate(item.answerBy)}`;
  return `${item.daysLeft} day${item.daysLeft === 1 ? '' : 's'} left (by ${longDate(item.answerBy)})`;
}

function RequestCard({ item, teams }: { item: QueuedJoinRequest; teams: QueueData['teams'] }) {
  const titleId = useId();
  return (
    <article className={ui.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.h2}>
        {item.applicant.name}
      </h2>
      <dl className={styles.facts}>
        <dt className={styles.term}>Goal</dt>
        <dd className={styles.value}>{item.applicant.goal ?? 'Not given'}</dd>
        <dt className={styles.term}>Team</dt>
        <dd className={styles.value}>
          {item.team
            ? `${item.team.name} (${item.team.openSeats} open seat${item.team.openSeats === 1 ? '' : 's'})`
            : 'No team yet'}
        </dd>
        <dt className={styles.term}>Sent</dt>
        <dd className={styles.value}>
          <time dateTime={item.sentAt}>{longDate(item.sentAt)}</time>
        </dd>
        <dt className={styles.term}>Answer</dt>
        <dd className={`${styles.value} ${item.overdue ? styles.overdue : ''}`}>
          {daysLine(item)}
        </dd>
      </dl>
      {item.status === 'pending' ? <Decide item={item} /> : <Place item={item} teams={teams} />}
    </article>
  );
}

function Decide({ item }: { item: QueuedJoinRequest }) {
  const router = useRouter();
  const id = useId();
  const fields = { message: { id: `${id}-message`, label: 'Message to the applicant' } } as const;
  const form = useForm(fields);
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');

  async function onApprove() {
    if (!(await form.send(() => approve(item.id)))) return;
    toast({ title: `${item.applicant.name} approved`, description: 'We have emailed them.' });
    await router.invalidate();
  }
  const onDecline = useSubmit(form, {
    schema: DeclineForm,
    values: { message },
    send: (values) => decline(item.id, values.message),
    toast: { title: `${item.applicant.name} declined`, description: 'We have emailed them.' },
    reload: true,
  });

  return (
    <>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      {declining ? (
        <form
          noValidate
          onSubmit={onDecline}
          className={ui.stack}
          aria-label={`Decline ${item.applicant.name}`}
        >
          <Field
            {...form.field('message')}
            multiline
            hint="The applicant sees this on their page and in the email. Optional."
            value={message}
            onChange={setMessage}
            maxLength={1000}
          />
          <div className={styles.actions}>
            <SubmitButton pending={form.pending} variant="danger">
              Decline request
            </SubmitButton>
            <button
              type="button"
              className={ui.button.secondary}
              onClick={() => {
                setDeclining(false);
                form.clear();
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <button
            type="button"
            className={ui.button.primary}
            aria-disabled={form.pending || undefined}
            onClick={onApprove}
          >
            Approve <span className={ui.visuallyHidden}>{item.applicant.name}</span>
          </button>
          <button type="button" className={ui.button.secondary} onClick={() => setDeclining(true)}>
            <span aria-hidden="true">Decline…</span>
            <span className={ui.visuallyHidden}>Decline {item.applicant.name}</span>
          </button>
        </div>
      )}
    </>
  );
}

function Place({ item, teams }: { item: QueuedJoinRequest; teams: QueueData['teams'] }) {
  const id = useId();
  const fields = { teamId: { id: `${id}-team`, label: 'Team' } } as const;
  const form = useForm(fields);
  const [teamId, setTeamId] = useState('');
  const error = form.errorOf('teamId');
  const onPlace = useSubmit(form, {
    schema: PlacementForm,
    values: { teamId: teamId === '' ? undefined : teamId },
    send: (values) => place(item.id, values.teamId),
    toast: (values) => {
      const team = teams.find((t) => t.id === values.teamId);
      return { title: `${item.applicant.name} placed on ${team?.name ?? 'the team'}` };
    },
    reload: true,
  });

  return (
    <form
      noValidate
      onSubmit={onPlace}
      className={ui.stack}
      aria-label={`Place ${item.applicant.name}`}
    >
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      <div className={styles.actions}>
        <div className={fieldStyles.root}>
          <label htmlFor={fields.teamId.id} className={fieldStyles.label}>
            {fields.teamId.label}
          </label>
          {error ? (
            <p id={`${fields.teamId.id}-error`} className={fieldStyles.error}>
              {error}
            </p>
          ) : null}
          <select
            id={fields.teamId.id}
            className={fieldStyles.control}
            value={teamId}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fields.teamId.id}-error` : undefined}
            onChange={(event) => setTeamId(event.target.value)}
          >
            <option value="">Choose a team</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id} disabled={team.openSeats === 0}>
                {team.name} ({team.openSeats} open seat{team.openSeats === 1 ? '' : 's'})
              </option>
            ))}
          </select>
        </div>
        <SubmitButton pending={form.pending}>Place on team</SubmitButton>
      </div>
    </form>
  );
}
