import type { AuditEntry } from '@app/contracts';
import * as layout from '@app/ui/layout.css';
import { getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { usePageTitle } from '../../components/usePageTitle.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import { PAGE_SIZE } from './console-api.ts';
import { Pager } from './QueuePage.tsx';

const route = getRouteApi('/console/audit');

const ACTIONS: Record<string, string> = {
  'join-request.approved': 'Approved a join request',
  'join-request.undone': 'Undid a decision on a join request',
  'join-request.declined': 'Declined a join request',
  'join-request.placed': 'Placed a join request on a team',
  'second-factor.enrolled': 'Set up an authenticator app',
  'info-call.outcome': 'Recorded how an info call went',
  'feedback.read': 'Read feedback',
  'team.created': 'Created a team',
  'team.capacity': "Changed a team's capacity",
  'operator.invited': 'Invited an operator',
  'operator.removed': 'Removed an operator',
};

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
  const audit = route.useLoaderData();
  const page = route.useSearch().page ?? 1;
  const pages = Math.max(1, Math.ceil(audit.total / PAGE_SIZE));
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 className={ui.h1}>Audit log</h1>
      <p className={ui.lead}>
        {audit.total === 0 ? 'No operator has acted yet.' : 'What operators did, newest first.'}
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
      <Pager page={page} pages={pages} to="/console/audit" />
    </div>
  );
}

function Entry({ entry }: { entry: AuditEntry }) {
  const titleId = useId();
  return (
    <article className={ui.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.h3}>
        {ACTIONS[entry.action] ?? entry.action}
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
