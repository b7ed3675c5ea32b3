import { BOOKING_TIME_ZONE, type BookingPayload, oneLine } from '@app/contracts';
import { INFO_CALL_MINUTES, infoCallCalendar } from '@app/contracts/calendar';
import type { OutgoingMail } from '../repositories/outbox.ts';
import { nextSlot } from '../schedule.ts';
import type { TrackerContext } from './context.ts';

/** e.g. 'Monday, November 30, 2026 at 1:00 PM Mountain Time'. */
function mountainTime(slot: Date): string {
  const date = new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: BOOKING_TIME_ZONE,
  }).format(slot);
  const time = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: BOOKING_TIME_ZONE,
  })
    .format(slot)
    // Newer ICU data puts a narrow no-break space before AM/PM.
    .replace(/[\u202f\u00a0]/g, ' ');
  return `${date} at ${time} Mountain Time`;
}

/**
 * The booking confirmation email, with the same .ics the maybe-submitted screen offers (built by
 * the contracts' `infoCallCalendar`), so the call can be added to a calendar from the email too.
 */
function bookingMail(booking: BookingPayload, slot: Date, now: Date): OutgoingMail {
  const calendar = infoCallCalendar(slot.toISOString(), now.getTime());
  if (calendar === null) throw new Error('the booked slot is not a date');
  return {
    kind: 'booking-confirmation',
    to: booking.email,
    subject: 'Your info call is booked',
    text: [
      `Hi ${oneLine(booking.name)},`,
      '',
      `Thank you for booking a more info call with Accountability Partners. Your call is on ${mountainTime(slot)} and takes about ${INFO_CALL_MINUTES} minutes.`,
      `We will call you at ${booking.phone}.`,
      '',
      'The attached file (info-call.ics) adds the call to your calendar.',
      '',
      'If you did not book this call, you can ignore this email.',
    ].join('\n'),
    attachments: [
      {
        filename: 'info-call.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: calendar,
      },
    ],
  };
}

/**
 * Books the next info call and queues its confirmation email, in one transaction. The same
 * booking sent again with its idempotency key answers with the first one, and mails nothing more.
 */
export async function bookInfoCall(
  ctx: TrackerContext,
  booking: BookingPayload,
  idempotencyKey: string | null = null,
) {
  const { repos, database, trackerConfig: config } = ctx;
  const now = config.now();
  const slot = nextSlot(now, config.bookingWeekdays);
  const booked = await database.db.transaction(async (tx) => {
    const row = await repos.submissions.addBooking(
      { ...booking, slotAt: slot, idempotencyKey },
      tx,
    );
    if (row.created) await repos.outbox.enqueue(bookingMail(booking, slot, now), tx);
    return row;
  });
  ctx.mailer.kick();
  return { id: booked.id, slot: booked.slotAt };
}
