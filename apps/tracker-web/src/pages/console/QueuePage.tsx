import { DeclineForm, PlacementForm, type QueuedJoinRequest } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { ErrorSummary } from '@app/ui/error-summary';
import { Field } from '@app/ui/field';
import * as fieldStyles from '@app/ui/field.css';
import * as layout from '@app/ui/layout.css';
import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { longDate } from '../../components/dates.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { useForm } from '../../components/form.ts';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAction } from '../../components/useAction.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useSubmit } from '../../components/useSubmit.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import {
  approve,
  decline,
  PAGE_SIZE,
  place,
  type QueueData,
  undoDecision,
  unplace,
} from './console-api.ts';
import { AreaSelect, areaName, ListSearch } from './ListSearch.tsx';

const route = getRouteApi('/console/');

export function QueuePage() {
  usePageTitle('Join requests');
  const { queue, teams } = route.useLoaderData();
  const search = route.useSearch();
  const page = search.page ?? 1;
  const pages = Math.max(1, Math.ceil(queue.total / PAGE_SIZE));
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 id={HEADING_ID} className={ui.h1} tabIndex={-1}>
        Join requests
      </h1>
      <QueueSearch key={`${search.q ?? ''} ${search.area ?? ''} ${String(search.overdue ?? '')}`} />
      <RecentDecisions recent={queue.recent} />
      <p className={ui.lead} role="status">
        {queueSummary(queue.total, search)}
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
      <Pager
        page={page}
        pages={pages}
        to="/console"
        filters={{ q: search.q, area: search.area, overdue: search.overdue }}
      />
    </div>
  );
}

/** Find someone waiting by part of their name or address, by area, or overdue; kept in the URL. */
function QueueSearch() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const overdueId = useId();
  const [area, setArea] = useState(search.area ?? '');
  const [overdue, setOverdue] = useState(search.overdue === true);
  const filtered = search.q !== undefined || search.area !== undefined || search.overdue;
  return (
    <ListSearch
      landmark="Join requests"
      label="Find by name or email"
      initial={search.q}
      onSearch={(q) =>
        void navigate({
          to: '/console',
          search: { q, area: area === '' ? undefined : area, overdue: overdue || undefined },
        })
      }
      showAll={
        filtered ? (
          <Link to="/console" className={button.secondary}>
            Show everyone
          </Link>
        ) : null
      }
    >
      <AreaSelect value={area} onChange={setArea} />
      <p className={styles.check}>
        <input
          id={overdueId}
          type="checkbox"
          checked={overdue}
          onChange={(event) => setOverdue(event.target.checked)}
        />{' '}
        <label htmlFor={overdueId}>Overdue only</label>
      </p>
    </ListSearch>
  );
}

/** The queue's status line: how many wait, and what they were narrowed to. */
function queueSummary(
  total: number,
  { q, area, overdue }: { q?: string | undefined; area?: string | undefined; overdue?: unknown },
) {
  if (q === undefined && area === undefined && overdue === undefined) {
    return total === 0
      ? 'Nobody is waiting for an answer.'
      : `${total} waiting for an answer, oldest first.`;
  }
  const narrowed = [
    overdue ? ' and overdue' : '',
    area ? ` on ${areaName(area)} teams` : '',
    q ? ` ${total === 1 || total === 0 ? 'matches' : 'match'} “${q}”` : '',
  ].join('');
  return total === 0 ? `Nobody waiting${narrowed}.` : `${total} waiting${narrowed}, oldest first.`;
}

export function Pager({
  page,
  pages,
  to,
  filters = {},
}: {
  page: number;
  pages: number;
  to: '/console' | '/console/audit' | '/console/info-calls' | '/console/quiet' | '/console/teams';
  /** What the list is narrowed to (its URL's search besides the page), kept from page to page. */
  filters?: Record<string, string | number | boolean | undefined>;
}) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pages" className={styles.pager}>
      {page > 1 ? (
        <Link
          to={to}
          search={{ ...filters, page: page - 1 > 1 ? page - 1 : undefined }}
          className={button.secondary}
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
        <Link to={to} search={{ ...filters, page: page + 1 }} className={button.secondary}>
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
  const titleId = cardTitleId(item.id);
  return (
    <article className={ui.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.h2} tabIndex={-1}>
        {item.applicant.name}
      </h2>
      {item.returning ? (
        <p className={ui.tinted.warning}>Returning member: asked to join a team before.</p>
      ) : null}
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
      {item.status === 'pending' ? (
        <>
          <Decide item={item} />
          {item.placed ? <PlaceAgain item={item} teams={teams} /> : null}
        </>
      ) : (
        <Place item={item} teams={teams} />
      )}
    </article>
  );
}

/** What the toast after a decision says: the mail waits for the undo window (configurable). */
const DECIDED_NOTE = 'We email them once the time to undo it has passed.';

/** An instant on this device's clock, to the second: '1:22:05 PM'. */
const clockTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));

/** Where focus goes after a decision: the undo strip, the next action on this page. */
const RECENT_ID = 'recent-decisions';

const HEADING_ID = 'join-requests-heading';
const cardTitleId = (requestId: number) => `request-${requestId}-title`;

/**
 * After an undo: the request's card again (deciding it is the next action), else the strip, else
 * the page's heading when the strip has emptied and the card is on another page of the queue.
 */
const afterUndo = (requestId: number) => [cardTitleId(requestId), RECENT_ID, HEADING_ID];

/**
 * The operator's decisions that can still be taken back: each with its Undo until the window
 * ends (the applicant's mail waits as long).
 */
type Recent = QueueData['queue']['recent'][number];

function RecentDecisions({ recent }: { recent: readonly Recent[] }) {
  const router = useRouter();
  const undo = useAction({
    send: (decision: Recent) => undoDecision(decision.id),
    toast: (_, decision) => ({
      title: `${decision.status === 'approved' ? 'Approval' : 'Decline'} of ${decision.name} undone`,
      description: 'The request is waiting again; no email was sent.',
    }),
    failure: 'Not undone',
    // Refused (the time ran out meanwhile): the strip is read again to show what stands.
    recover: async () => {
      await router.invalidate();
      return false;
    },
    reload: true,
    focus: (_, decision) => afterUndo(decision.id),
  });
  if (recent.length === 0) return null;
  return (
    <section className={`${ui.card} ${styles.recent}`} aria-labelledby={RECENT_ID}>
      <h2 id={RECENT_ID} className={ui.h2} tabIndex={-1}>
        Just decided
      </h2>
      <ul className={styles.list}>
        {recent.map((decision) => (
          <li key={decision.id} className={styles.actions}>
            <span>
              {decision.name} {decision.status}. The email waits until{' '}
              <time dateTime={decision.undoUntil}>{clockTime(decision.undoUntil)}</time>.
            </span>
            <button
              type="button"
              className={button.secondary}
              aria-disabled={undo.pending || undefined}
              onClick={() => void undo.run(decision)}
            >
              Undo{' '}
              <span className={layout.visuallyHidden}>
                {decision.status === 'approved' ? 'approval' : 'decline'} of {decision.name}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Decide({ item }: { item: QueuedJoinRequest }) {
  const id = useId();
  const fields = { message: { id: `${id}-message`, label: 'Message to the applicant' } } as const;
  const form = useForm(fields);
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');

  function closeDialog() {
    // The dialog gives focus back to the card's Decline button.
    setDeclining(false);
    form.clear();
  }

  const approval = useAction({
    send: () => approve(item.id),
    form,
    toast: { title: `${item.applicant.name} approved`, description: DECIDED_NOTE },
    reload: true,
    // The card is gone with the decision: the strip with its Undo is what changed.
    focus: RECENT_ID,
  });
  const onDecline = useSubmit(form, {
    schema: DeclineForm,
    values: { message },
    send: (values) => decline(item.id, values.message),
    toast: {
      title: `${item.applicant.name} declined`,
      description: DECIDED_NOTE,
    },
    done: () => setDeclining(false),
    reload: true,
    focus: RECENT_ID,
  });

  return (
    <>
      {declining ? null : <ErrorSummary errors={form.errors} attempt={form.attempt} />}
      <FormDialog
        open={declining}
        titleId={`${id}-title`}
        focusId={fields.message.id}
        onClose={closeDialog}
      >
        <form
          noValidate
          onSubmit={onDecline}
          className={ui.stack}
          aria-label={`Decline ${item.applicant.name}`}
        >
          <h2 id={`${id}-title`} className={ui.h2}>
            Decline {item.applicant.name}?
          </h2>
          <ErrorSummary errors={form.errors} attempt={form.attempt} />
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
            <button type="button" className={button.secondary} onClick={closeDialog}>
              Cancel
            </button>
          </div>
        </form>
      </FormDialog>
      <div className={styles.actions}>
        <button
          type="button"
          className={button.primary}
          aria-disabled={form.pending || undefined}
          onClick={() => void approval.run()}
        >
          Approve <span className={layout.visuallyHidden}>{item.applicant.name}</span>
        </button>
        <button
          type="button"
          className={button.secondary}
          aria-haspopup="dialog"
          onClick={() => setDeclining(true)}
        >
          <span aria-hidden="true">Decline…</span>
          <span className={layout.visuallyHidden}>Decline {item.applicant.name}</span>
        </button>
      </div>
    </>
  );
}

/**
 * A request an operator or a freed seat put on its team, which the person never chose: it can be
 * moved to another team or go back to waiting for one, and nobody is emailed either way.
 */
function PlaceAgain({ item, teams }: { item: QueuedJoinRequest; teams: QueueData['teams'] }) {
  const back = useAction({
    send: () => unplace(item.id),
    toast: {
      title: `${item.applicant.name} is waiting for a team again`,
      description: 'Their seat is open; no email was sent.',
    },
    failure: 'Not put back',
    reload: true,
    // The card stays, without its team: its heading keeps the operator's place.
    focus: [cardTitleId(item.id), HEADING_ID],
  });
  return (
    <div className={ui.stack}>
      <p>
        Placed here by us, not chosen by {item.applicant.name}: move them to another team of their
        area, or put them back to waiting. No email is sent.
      </p>
      <Place item={item} teams={teams.filter((team) => team.id !== item.team?.id)} moving />
      <div className={styles.actions}>
        <button
          type="button"
          className={button.secondary}
          aria-disabled={back.pending || undefined}
          onClick={() => void back.run()}
        >
          Back to waiting <span className={layout.visuallyHidden}>{item.applicant.name}</span>
        </button>
      </div>
    </div>
  );
}

function Place({
  item,
  teams,
  moving = false,
}: {
  item: QueuedJoinRequest;
  teams: QueueData['teams'];
  /** The request has a team an operator chose: this moves it to another. */
  moving?: boolean;
}) {
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
      return {
        title: `${item.applicant.name} ${moving ? 'moved to' : 'placed on'} ${team?.name ?? 'the team'}`,
        description: 'The request now waits for Approve or Decline below.',
      };
    },
    reload: true,
    // The card stays with its new team: its heading keeps the operator's place.
    focus: [cardTitleId(item.id), HEADING_ID],
  });

  return (
    <form
      noValidate
      onSubmit={onPlace}
      className={ui.stack}
      aria-label={`${moving ? 'Move' : 'Place'} ${item.applicant.name}`}
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
        <SubmitButton pending={form.pending}>
          {moving ? 'Move to team' : 'Place on team'}
        </SubmitButton>
      </div>
    </form>
  );
}
