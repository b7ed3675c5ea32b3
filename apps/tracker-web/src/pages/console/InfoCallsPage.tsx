import { BOOKING_TIME_ZONE, CONSOLE_API, type InfoCall } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { Facts } from '@app/ui/facts';
import * as layout from '@app/ui/layout.css';
import { getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { useAction } from '../../components/useAction.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import { PAGE_SIZE, recordCall } from './console-api.ts';
import { Pager } from './QueuePage.tsx';

const route = getRouteApi('/console/info-calls');

/** The call's time in Mountain Time (where it is held) and in the operator's own zone. */
function times(iso: string): { mountain: string; local: string } {
  const format = (timeZone?: string) =>
    new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      ...(timeZone ? { timeZone } : {}),
    }).format(new Date(iso));
  return { mountain: format(BOOKING_TIME_ZONE), local: format() };
}

const OUTCOMES = { held: 'Held', 'no-show': 'No-show' } as const;

export function InfoCallsPage() {
  usePageTitle('Info calls');
  const calls = route.useLoaderData();
  const page = route.useSearch().page ?? 1;
  const pages = Math.max(1, Math.ceil(calls.total / PAGE_SIZE));
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 className={ui.h1}>Info calls</h1>
      <p className={ui.lead}>
        {calls.total === 0
          ? 'No info call is booked from today on.'
          : 'Booked from today on, soonest first, at 1:00 PM Mountain Time.'}
      </p>
      {byDay(calls.items).map(([day, items]) => (
        <Day key={day} day={day} calls={items} />
      ))}
      <Pager page={page} pages={pages} to="/console/info-calls" />
    </div>
  );
}

/** The call's day on the calls' own calendar (Mountain Time), as YYYY-MM-DD. */
const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: BOOKING_TIME_ZONE }).format(new Date(iso));

/** The page's calls by their day, in the order they came (soonest first). */
function byDay(calls: readonly InfoCall[]): [string, InfoCall[]][] {
  const days = new Map<string, InfoCall[]>();
  for (const call of calls) {
    const day = dayOf(call.at);
    days.set(day, [...(days.get(day) ?? []), call]);
  }
  return [...days];
}

function Day({ day, calls }: { day: string; calls: InfoCall[] }) {
  const titleId = useId();
  const title = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
  return (
    <section aria-labelledby={titleId} className={ui.stack}>
      <div className={styles.dayHead}>
        <h2 id={titleId} className={ui.h2}>
          {title}
        </h2>
        <a
          href={`${CONSOLE_API.infoCallDay.url}?date=${day}`}
          download={`info-calls-${day}.ics`}
          className={button.secondary}
        >
          Download the day’s calls (.ics)
          <span className={layout.visuallyHidden}>: {title}</span>
        </a>
      </div>
      <ol className={styles.list} aria-label={`Info calls on ${title}`}>
        {calls.map((call) => (
          <li key={call.id}>
            <Call call={call} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Call({ call }: { call: InfoCall }) {
  const titleId = useId();
  const { mountain, local } = times(call.at);
  const outcome = useAction({
    send: (chosen: 'held' | 'no-show') => recordCall(call.id, chosen),
    toast: (_, chosen) => ({ title: `${call.name}: ${OUTCOMES[chosen]}` }),
    failure: 'The outcome was not saved',
    reload: true,
  });
  return (
    <article className={ui.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={ui.h3}>
        {call.name}
      </h3>
      <Facts
        facts={[
          [
            'When',
            <span key="when">
              <time dateTime={call.at}>{mountain}</time>
              <br />
              <span className={layout.muted}>Your time: {local}</span>
            </span>,
          ],
          [
            'Phone',
            <a key="phone" href={`tel:${call.phone.replace(/[^+\d]/g, '')}`}>
              {call.phone}
            </a>,
          ],
          ['Email', call.email],
          ['Area', call.category],
          ['Outcome', call.outcome ? OUTCOMES[call.outcome] : 'Not recorded yet'],
        ]}
      />
      <div className={styles.actions}>
        <button
          type="button"
          className={button.primary}
          onClick={() => void outcome.run('held')}
          aria-disabled={outcome.pending || undefined}
        >
          Held <span className={layout.visuallyHidden}>(call with {call.name})</span>
        </button>
        <button
          type="button"
          className={button.secondary}
          onClick={() => void outcome.run('no-show')}
          aria-disabled={outcome.pending || undefined}
        >
          No-show <span className={layout.visuallyHidden}>({call.name})</span>
        </button>
      </div>
    </article>
  );
}
