import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES, NextAvailableDateResponse } from '@app/contracts';
import { infoCallCalendar } from '@app/contracts/calendar';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestTracker, testTracker } from './helpers.ts';

let t: TestTracker;
// Friday 27 November 2026, 14:00 in Denver: the next Monday-to-Friday slot is Monday's.
const NOW = new Date('2026-11-27T21:00:00Z');
beforeAll(async () => {
  t = await testTracker({ now: () => NOW, bookingWeekdays: [1, 2, 3, 4, 5] });
});
afterAll(async () => {
  await t?.close();
});

const booking = { name: 'Ann Lee', email: 'ann@example.org', phone: '555-0100', category: 'work' };

describe('bookings', () => {
  it('GET /bookings/next-available-date answers the next 13:00 Denver slot', async () => {
    const res = await t.call({ url: '/bookings/next-available-date' });
    expect(res.statusCode).toBe(200);
    expect(NextAvailableDateResponse.parse(res.json())).toEqual({
      date: '2026-11-30T20:00:00.000Z',
    });
  });

  it('POST /bookings stores the booking for that slot', async () => {
    const res = await t.call({ method: 'POST', url: '/bookings', payload: booking });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: MESSAGES.bookingConfirmed,
      date: '2026-11-30T20:00:00.000Z',
    });
    expect(typeof res.json().id).toBe('number');
  });

  it('POST /bookings sends a confirmation email with the call as an .ics at 13:00 America/Denver', async () => {
    const email = 'cal@example.org';
    const res = await t.call({ method: 'POST', url: '/bookings', payload: { ...booking, email } });
    expect(res.statusCode).toBe(201);
    await t.app.mailer.flush();
    // The message as it went out: the .eml file nodemailer rendered into the outbox directory.
    const dir = path.join(t.db.dataDir, 'outbox');
    const files = (await readdir(dir)).filter((f) => f.endsWith('-booking-confirmation.eml'));
    const raws = await Promise.all(files.map((f) => readFile(path.join(dir, f))));
    const mails = await Promise.all(raws.map((raw) => PostalMime.parse(raw)));
    const index = mails.findIndex((m) => m.to?.some((to) => to.address === email));
    const mail = mails[index];
    expect(mail?.subject).toBe('Your info call is booked');
    expect(mail?.text).toContain('Monday, November 30, 2026 at 1:00 PM Mountain Time');
    expect(mail?.attachments).toHaveLength(1);
    const [ics] = mail?.attachments ?? [];
    expect(ics?.mimeType).toBe('text/calendar');
    expect(ics?.filename).toBe('info-call.ics');
    const content =
      typeof ics?.content === 'string' ? ics.content : new TextDecoder().decode(ics?.content);
    // The booked date (Monday 30 November, see NOW) at 13:00 in Denver, 20:00 UTC in winter. (The
    // parser hands calendar parts back with LF line ends, whatever was sent.)
    expect(content).toMatch(/^DTSTART:20261130T200000Z$/m);
    expect(content.startsWith('BEGIN:VCALENDAR\n')).toBe(true);
    expect(ics?.method).toBe('PUBLISH');
    // Byte for byte the file the maybe-submitted screen offers, CRLF line ends included.
    const part = String(raws[index]).match(
      /filename=info-call\.ics\n\n([A-Za-z0-9+/=\n]+)\n--/,
    )?.[1];
    expect(Buffer.from(part ?? '', 'base64').toString('utf8')).toBe(
      infoCallCalendar(res.json().date, NOW.getTime()),
    );
  });

  it('POST /bookings answers 400 with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ ...booking, name: ' ' }, MESSAGES.enterName],
      [{ ...booking, email: 'ann@' }, MESSAGES.validEmail],
      [{ ...booking, phone: '12345' }, MESSAGES.validPhone],
    ];
    for (const [payload, message] of cases) {
      const res = await t.call({ method: 'POST', url: '/bookings', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    }
    const badCategory = await t.call({
      method: 'POST',
      url: '/bookings',
      payload: { ...booking, category: 'x' },
    });
    expect(badCategory.statusCode).toBe(400);
  });
});

describe('feedback and onboarding', () => {
  it('POST /feedback stores feedback', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/feedback',
      payload: { name: 'Bo', email: 'bo@example.org', feedback: 'Not now', category: 'school' },
    });
    expect(res.statusCode).toBe(201);
    expect(typeof res.json().id).toBe('number');
    expect(typeof res.json().message).toBe('string');
  });

  it('POST /feedback answers 400 for a missing field', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/feedback',
      payload: { name: 'Bo', email: 'bo@example.org', category: 'school' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('POST /onboarding stores the selection', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/onboarding',
      payload: { category: 'other', focusArea: 'Run a marathon' },
    });
    expect(res.statusCode).toBe(201);
    expect(typeof res.json().id).toBe('number');
  });

  it('POST /onboarding answers 400 for an unknown category or empty goal', async () => {
    for (const payload of [
      { category: 'play', focusArea: 'x' },
      { category: 'other', focusArea: '  ' },
    ]) {
      const res = await t.call({ method: 'POST', url: '/onboarding', payload });
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers a deeply nested body with 400, not a crash', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/onboarding',
      headers: { 'content-type': 'application/json' },
      payload: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 400, not a database error, for text with a NUL character', async () => {
    const cases = [
      { url: '/onboarding', payload: { category: 'other', focusArea: 'a\u0000b' } },
      {
        url: '/feedback',
        payload: { name: 'A', email: 'a@b.co', feedback: 'x\u0000', category: 'work' },
      },
      {
        url: '/bookings',
        payload: { name: '\u0000', email: 'a@b.co', phone: '555-123-4567', category: 'work' },
      },
    ];
    for (const { url, payload } of cases) {
      const res = await t.call({ method: 'POST', url, payload });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toContain('NUL');
    }
  });
});
