import { AUDIT_ACTIONS, type AuditAction, type AuditEntry, isAuditAction } from '@app/contracts';
import { button } from '@app/ui/button.css';
import * as fieldStyles from '@app/ui/field.css';
import * as layout from '@app/ui/layout.css';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { usePageTitle } from '../../components/usePageTitle.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import { type AuditData, PAGE_SIZE } from './console-api.ts';
import { ListSearch } from './ListSearch.tsx';
import { Pager } from './QueuePage.tsx';

const route = getRouteApi('/console/audit');

const ACTIONS: Record<AuditAction, string> = {
  'join-request.approved': 'Approved a join request',
  'join-request.undone': 'Undid a decision on a join request',
  'join-request.declined': 'Declined a join request',
  'join-request.placed': 'Placed a join request on a team',
  'join-request.moved': 'Moved a placed join request to another team',
  'join-request.unplaced': 'Put a placed join request back to waiting',
  'second-factor.enrolled': 'Set up an authenticator app',
  'second-factor.recovery-codes': 'Made new recovery codes',
  'second-factor.reset': "Reset an operator's authenticator app",
  'info-call.outcome': 'Recorded how an info call went',
  'feedback.read': 'Read feedback',
  'team.created': 'Created a team',
  'team.capacity': "Changed a team's capacity",
  'team-call.set': "Set a team's weekly call",
  'operator.invited': 'Invited an operator',
  'operator.removed': 'Removed an operator',
  'quiet-member.noted': 'Wrote to a quiet member',
  'quiet-member.seat-freed': "Freed a quiet member's seat",
  'quiet-member.seat-restored': "Undid freeing a quiet member's seat",
  'member.exported': "Exported a member's data",
  'passkey.registered': 'Added a passkey',
  'passkey.removed': 'Removed a passkey',
};

/** An action in words; one this page does not know (from an older tracker) as it is stored. */
const actionLabel = (action: string) => (isAuditAction(action) ? ACTIONS[action] : action);

/** On this device's clock, with its zone named. */
const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso)) +
  ` ${
    new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date(iso))
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  }`;

/** A before or after state as short readable lines: `status: pending`. */
function lines(state: unknown): string {
  if (state === null || state === undefined) return '(nothing)';
  if (typeof state !== 'object') return String(state);
  return Object.entries(state as Record<string, unknown>)
    .map(([key, value]) => `${key}: ${value === null ? '(none)' : String(value)}`)
    .join('\n');
}

export function AuditLogPage() {
  usePageTitle('Audit log');
  const { audit, operators } = route.useLoaderData();
  const search = route.useSearch();
  const operatorName = (id: number | string) =>
    operators.find((o) => o.id === Number(id))?.name ?? `account ${id}`;
  const page = search.page ?? 1;
  const pages = Math.max(1, Math.ceil(audit.total / PAGE_SIZE));
  const filtered =
    search.q !== undefined || search.action !== undefined || search.operator !== undefined;
  const words = filterWords(search, operatorName);
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 className={ui.h1}>Audit log</h1>
      <AuditSearch
        key={`${search.q ?? ''} ${search.action ?? ''} ${search.operator ?? ''}`}
        operators={operators}
      />
      <p className={ui.lead} role="status">
        {filtered
          ? audit.total === 0
            ? `No entry ${words}.`
            : `${audit.total} ${audit.total === 1 ? 'entry' : 'entries'} ${words}, newest first.`
          : audit.total === 0
            ? 'No operator has acted yet.'
            : 'What operators did, newest first.'}
      </p>
      {audit.items.length > 0 ? (
        <ol className={styles.list} aria-label="Audit log entries">
          {audit.items.map((entry) => (
            <li key={entry.id}>
              <Entry entry={entry} />
            </li>
          ))}
        </ol>
      ) : null}
      <Pager
        page={page}
        pages={pages}
        to="/console/audit"
        filters={{ q: search.q, action: search.action, operator: search.operator }}
      />
    </div>
  );
}

/** What the list is narrowed to, in words: 'by Olive naming “Owls” for “Created a team”'. */
function filterWords(
  {
    q,
    action,
    operator,
  }: {
    q?: string | undefined;
    action?: string | undefined;
    operator?: number | string | undefined;
  },
  operatorName: (id: number | string) => string,
) {
  return [
    operator !== undefined ? `by ${operatorName(operator)}` : '',
    q ? `naming “${q}”` : '',
    action ? `for “${actionLabel(action)}”` : '',
  ]
    .filter((words) => words !== '')
    .join(' ');
}

/** Find entries by the operator's or the target's name, by what was done and by whom. */
function AuditSearch({ operators }: { operators: AuditData['operators'] }) {
  const search = route.useSearch();
  const navigate = useNavigate();
  const selectId = useId();
  const operatorId = useId();
  const [action, setAction] = useState(search.action ?? '');
  const [operator, setOperator] = useState(
    search.operator === undefined ? '' : String(search.operator),
  );
  const filtered =
    search.q !== undefined || search.action !== undefined || search.operator !== undefined;
  return (
    <ListSearch
      landmark="Audit log"
      label="Find by operator or by whom it was about"
      initial={search.q}
      onSearch={(q) =>
        void navigate({
          to: '/console/audit',
          search: {
            q,
            action: action === '' ? undefined : action,
            operator: operator === '' ? undefined : Number(operator),
          },
        })
      }
      showAll={
        filtered ? (
          <Link to="/console/audit" className={button.secondary}>
            Show every entry
          </Link>
        ) : null
      }
    >
      <div className={fieldStyles.root}>
        <label htmlFor={operatorId} className={fieldStyles.label}>
          Operator
        </label>
        <select
          id={operatorId}
          className={fieldStyles.control}
          value={operator}
          onChange={(event) => setOperator(event.target.value)}
        >
          <option value="">Any operator</option>
          {operators.map((o) => (
            <option key={o.id} value={String(o.id)}>
              {o.name}
            </option>
          ))}
        </select>
      </div>
      <div className={fieldStyles.root}>
        <label htmlFor={selectId} className={fieldStyles.label}>
          Action
        </label>
        <select
          id={selectId}
          className={fieldStyles.control}
          value={action}
          onChange={(event) => setAction(event.target.value)}
        >
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((name) => (
            <option key={name} value={name}>
              {ACTIONS[name]}
            </option>
          ))}
        </select>
      </div>
    </ListSearch>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const titleId = useId();
  return (
    <article className={ui.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.h3}>
        {actionLabel(entry.action)}
      </h2>
      <dl className={styles.facts}>
        <dt className={styles.term}>When</dt>
        <dd className={styles.value}>
          <time dateTime={entry.at}>{when(entry.at)}</time>
        </dd>
        <dt className={styles.term}>Operator</dt>
        <dd className={styles.value}>{entry.operator.name ?? `Account ${entry.operator.id}`}</dd>
        <dt className={styles.term}>About</dt>
        <dd className={styles.value}>
          {entry.targetName ?? <span className={styles.code}>{entry.target}</span>}
        </dd>
      </dl>
      <details>
        <summary>Before and after (the record)</summary>
        <dl className={styles.facts}>
          <dt className={styles.term}>Record</dt>
          <dd className={`${styles.value} ${styles.code}`}>{entry.target}</dd>
          <dt className={styles.term}>Before</dt>
          <dd className={styles.value}>
            <pre className={styles.change}>{lines(entry.before)}</pre>
          </dd>
          <dt className={styles.term}>After</dt>
          <dd className={styles.value}>
            <pre className={styles.change}>{lines(entry.after)}</pre>
          </dd>
        </dl>
      </details>
    </article>
  );
}
