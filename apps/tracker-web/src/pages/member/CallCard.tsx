import { call as send } from '@app/api-client/endpoints';
import { MEMBER_API, type MemberCall } from '@app/contracts';
import { button } from '@app/ui/button.css';
import * as layout from '@app/ui/layout.css';
import { useAction } from '../../components/useAction.ts';
import * as ui from '../../styles/ui.css.ts';
import * as styles from './HomePage.css.ts';

const BOW_OUT_ID = 'call-bow-out';
const JOIN_AGAIN_ID = 'call-join-again';

/** "Tuesday, 7:00 PM" on the member's own clock (their zone, else this device's). */
function whenIn(iso: string, timeZone: string | undefined) {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

function dateIn(iso: string, timeZone: string | undefined) {
  return new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

/**
 * The team's twice-weekly calls: the times on the member's clock, the link, who comes, a calendar
 * file, and bowing out (or back in) without leaving the team.
 */
export function CallCard({ call, timeZone }: { call: MemberCall; timeZone: string | null }) {
  const attendance = useAction({
    send: (coming: boolean) => send(MEMBER_API.setCallAttendance, { coming }),
    toast: (_, coming) => ({
      title: coming ? 'You are back on the calls.' : 'You bowed out of the calls.',
      description: coming ? undefined : 'You stay on the team and can come back any time.',
    }),
    failure: (coming) => (coming ? 'You are not back on the calls' : 'You did not bow out'),
    reload: true,
    // The button pressed gives way to the other one.
    focus: (_, coming) => (coming ? BOW_OUT_ID : JOIN_AGAIN_ID),
  });
  const zone = timeZone ?? undefined;
  const coming = call.attendees.filter((a) => a.coming);
  const away = call.attendees.filter((a) => !a.coming);

  return (
    <section className={`${ui.card} ${styles.wide}`} aria-labelledby="call-title">
      <h2 id="call-title" className={ui.h2}>
        Your team&rsquo;s calls
      </h2>
      <p>
        Twice a week, {call.durationMinutes} minutes, shown in{' '}
        {zone?.replaceAll('_', ' ') ?? 'this device’s'} time:
      </p>
      <ul className={styles.callTimes}>
        {call.slots.map((slot) => (
          <li key={`${slot.weekday}-${slot.time}`}>
            <strong>{whenIn(slot.next, zone)}</strong>{' '}
            <span className={layout.muted}>
              (next on <time dateTime={slot.next}>{dateIn(slot.next, zone)}</time>)
            </span>
          </li>
        ))}
      </ul>
      <p>
        <a href={call.meetingUrl} rel="noopener noreferrer" target="_blank">
          Join the call (opens in a new tab)
        </a>
      </p>
      <p>
        <strong>Coming:</strong>{' '}
        {coming.length > 0 ? coming.map((a) => a.name).join(', ') : 'nobody yet'}
        {away.length > 0 ? (
          <>
            <br />
            <strong>Bowed out:</strong> {away.map((a) => a.name).join(', ')}
          </>
        ) : null}
      </p>
      <p className={layout.wrapRow}>
        <a
          href={MEMBER_API.callCalendar.url}
          download="team-calls.ics"
          className={button.secondary}
        >
          Add to my calendar (.ics)
        </a>
        {call.coming ? (
          <button
            type="button"
            className={button.secondary}
            id={BOW_OUT_ID}
            onClick={() => void attendance.run(false)}
            aria-disabled={attendance.pending || undefined}
          >
            Bow out of the calls
          </button>
        ) : (
          <button
            type="button"
            className={button.primary}
            id={JOIN_AGAIN_ID}
            onClick={() => void attendance.run(true)}
            aria-disabled={attendance.pending || undefined}
          >
            Join the calls again
          </button>
        )}
      </p>
      {call.coming ? null : (
        <p className={layout.muted}>You bowed out of the calls. You are still on the team.</p>
      )}
    </section>
  );
}
