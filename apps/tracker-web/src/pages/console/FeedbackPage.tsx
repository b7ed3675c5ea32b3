import { CATEGORIES, type FeedbackEntry } from '@app/contracts';
import { button } from '@app/ui/button.css';
import { Facts } from '@app/ui/facts';
import * as layout from '@app/ui/layout.css';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId } from 'react';
import { dateAndTime } from '../../components/dates.ts';
import { useAction } from '../../components/useAction.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './Console.css.ts';
import { markRead, PAGE_SIZE } from './console-api.ts';

const route = getRouteApi('/console/feedback');

export function FeedbackPage() {
  usePageTitle('Feedback');
  const feedback = route.useLoaderData();
  const search = route.useSearch();
  const page = search.page ?? 1;
  const pages = Math.max(1, Math.ceil(feedback.total / PAGE_SIZE));
  return (
    <div className={`${layout.container} ${ui.stack}`}>
      <h1 className={ui.h1}>Feedback</h1>
      <p className={ui.lead}>What people who said No told us, newest first.</p>
      <nav aria-label="Areas" className={styles.actions}>
        <Link
          to="/console/feedback"
          search={{ page: undefined, category: undefined }}
          aria-current={search.category ? undefined : 'page'}
        >
          All areas
        </Link>
        {CATEGORIES.map((category) => (
          <Link
            key={category}
            to="/console/feedback"
            search={{ page: undefined, category }}
            aria-current={search.category === category ? 'page' : undefined}
          >
            {category}
          </Link>
        ))}
      </nav>
      {feedback.items.length === 0 ? <p>No feedback here.</p> : null}
      {feedback.items.length > 0 ? (
        <ol className={styles.list} aria-label="Feedback entries">
          {feedback.items.map((entry) => (
            <li key={entry.id}>
              <Entry entry={entry} />
            </li>
          ))}
        </ol>
      ) : null}
      {pages <= 1 && page <= 1 ? null : (
        <p className={layout.muted}>
          Page {page} of {pages}
          {page < pages ? (
            <>
              {' '}
              <Link to="/console/feedback" search={{ ...search, page: page + 1 }}>
                Next page
              </Link>
            </>
          ) : null}
          {page > 1 ? (
            <>
              {' '}
              <Link to="/console/feedback" search={{ ...search, page: page - 1 }}>
                Previous page
              </Link>
            </>
          ) : null}
        </p>
      )}
    </div>
  );
}

function Entry({ entry }: { entry: FeedbackEntry }) {
  const titleId = useId();
  const read = useAction({
    send: () => markRead(entry.id),
    failure: 'Not marked read',
    reload: true,
    // The button is gone once read: the entry's heading keeps the operator's place.
    focus: titleId,
  });
  return (
    <article className={ui.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={ui.h3} tabIndex={-1}>
        {entry.name} <span className={layout.muted}>({entry.category})</span>
      </h2>
      <p>{entry.feedback}</p>
      <Facts
        facts={[
          [
            'Sent',
            <time key="sent" dateTime={entry.sentAt}>
              {dateAndTime(entry.sentAt)}
            </time>,
          ],
          ['Email', entry.email],
          ['Read', entry.readAt ? dateAndTime(entry.readAt) : 'Not yet'],
        ]}
      />
      {entry.readAt ? null : (
        <div className={styles.actions}>
          <button
            type="button"
            className={button.secondary}
            onClick={() => void read.run()}
            aria-disabled={read.pending || undefined}
          >
            Mark read <span className={layout.visuallyHidden}>(feedback from {entry.name})</span>
          </button>
        </div>
      )}
    </article>
  );
}
