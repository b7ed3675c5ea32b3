import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createMailer, type MailMessage, type MailTransport } from '../src/mailer.ts';
import { RESEND_LIMITS } from '../src/services/users.ts';
import { membershipStatus, newUser, testTracker, userRow, useTestTracker } from './helpers.ts';

/** Records what it is asked to send; fails while `down` is true. */
function recordingTransport() {
  const sent: MailMessage[] = [];
  const state = { down: false };
  const transport: MailTransport = {
    async send(m) {
      if (state.down) throw new Error('SMTP unreachable');
      sent.push(m);
    },
  };
  return { sent, state, transport };
}

const tokenIn = (m: MailMessage | undefined) => {
  const match = m?.text.match(/confirm-email\?token=([\w%-]+)/);
  if (!match?.[1]) throw new Error('no confirmation link in mail');
  return decodeURIComponent(match[1]);
};

describe('confirmation email and POST /email-confirmations', () => {
  const mail = recordingTransport();
  let clock = new Date('2026-06-01T12:00:00Z');
  const t = useTestTracker({
    mailTransport: mail.transport,
    siteUrl: 'https://partners.example',
    now: () => clock,
  });

  const signUp = async () => {
    const body = newUser();
    const res = await t.call({ method: 'POST', url: '/users', payload: body });
    expect(res.statusCode).toBe(201);
    await t.app.mailer.flush();
    const message = mail.sent.find((m) => m.to === body.email && m.kind === 'email-confirmation');
    return { id: res.json().user.id as number, message };
  };
  const confirm = (token: string) =>
    t.call({ method: 'POST', url: '/email-confirmations', payload: { token } });

  it('sends a link to the site page with a token, and the token confirms once', async () => {
    const { id, message } = await signUp();
    expect(message?.subject).toMatch(/confirm/i);
    expect(message?.text).toContain('https://partners.example/confirm-email?token=');
    expect((await userRow(t, id)).status).toBe('Pending');

    const token = tokenIn(message);
    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'confirmed' });
    expect((await userRow(t, id)).status).toBe('Active');

    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TOKEN_USED');
  });

  it('answers 404 for an unknown token and 400 for a missing one', async () => {
    const res = await confirm('not-a-real-token');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TOKEN_NOT_FOUND');
    const empty = await t.call({ method: 'POST', url: '/email-confirmations', payload: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('answers 410 once the token has expired', async () => {
    const { message } = await signUp();
    const saved = clock;
    clock = new Date(clock.getTime() + 73 * 3_600_000);
    try {
      const res = await confirm(tokenIn(message));
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('TOKEN_EXPIRED');
    } finally {
      clock = saved;
    }
  });

  it('keeps only a hash of the token in the database', async () => {
    const { message } = await signUp();
    const token = tokenIn(message);
    const { emailTokens } = await import('../src/db/schema.ts');
    const rows = await t.app.database.db.select().from(emailTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('keeps mail that fails to send and sends it on a later try', async () => {
    mail.state.down = true;
    const body = newUser();
    expect((await t.call({ method: 'POST', url: '/users', payload: body })).statusCode).toBe(201);
    await t.app.mailer.flush();
    expect(mail.sent.some((m) => m.to === body.email)).toBe(false);
    const queued = (await t.app.repos.outbox.all()).find((r) => r.toAddress === body.email);
    expect(queued).toMatchObject({ sentAt: null, attempts: 1, lastError: 'SMTP unreachable' });

    mail.state.down = false;
    // Not due yet: the retry waits for its back-off.
    await t.app.mailer.flush();
    expect(mail.sent.some((m) => m.to === body.email)).toBe(false);
    clock = new Date(clock.getTime() + 10 * 60_000);
    await t.app.mailer.flush();
    expect(mail.sent.filter((m) => m.to === body.email)).toHaveLength(1);
  });
});

describe('POST /email-confirmations/resend', () => {
  const mail = recordingTransport();
  let clock = new Date('2026-06-01T12:00:00Z');
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const t = useTestTracker({
    mailTransport: mail.transport,
    siteUrl: 'https://partners.example',
    now: () => clock,
  });

  const resend = (email: string) =>
    t.call({ method: 'POST', url: '/email-confirmations/resend', payload: { email } });
  const confirmations = (email: string) =>
    mail.sent.filter(
      (m) => m.to.toLowerCase() === email.toLowerCase() && m.kind === 'email-confirmation',
    );
  const signUp = async () => {
    const body = newUser();
    expect((await t.call({ method: 'POST', url: '/users', payload: body })).statusCode).toBe(201);
    return body.email;
  };

  it('sends a new link that confirms the account', async () => {
    const email = await signUp();
    later(RESEND_LIMITS.cooldownMs);
    const res = await resend(email.toUpperCase());
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: MESSAGES.confirmationResent });
    await t.app.mailer.flush();
    const [first, second] = confirmations(email);
    expect(second?.subject).toBe('Please confirm your email address');
    expect(second?.text).toContain('You asked for a new link');
    expect(tokenIn(second)).not.toBe(tokenIn(first));
    const ok = await t.call({
      method: 'POST',
      url: '/email-confirmations',
      payload: { token: tokenIn(second) },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers an unknown or already confirmed address exactly alike, and sends nothing', async () => {
    const email = await signUp();
    later(RESEND_LIMITS.cooldownMs);
    const waiting = await resend(email);
    await t.app.mailer.flush();
    const token = tokenIn(confirmations(email).at(-1));
    await t.call({ method: 'POST', url: '/email-confirmations', payload: { token } });
    later(RESEND_LIMITS.cooldownMs);
    const before = mail.sent.length;
    const confirmed = await resend(email);
    const unknown = await resend(`nobody-${Date.now()}@example.org`);
    await t.app.mailer.flush();
    expect(mail.sent.length).toBe(before);
    for (const res of [confirmed, unknown]) {
      expect(res.statusCode).toBe(waiting.statusCode);
      expect(res.body).toBe(waiting.body);
      expect(res.headers['content-type']).toBe(waiting.headers['content-type']);
    }
  });

  it('sends at most one a minute and five a day to an address, answering 202 every time', async () => {
    const email = await signUp();
    // Within the minute after the sign-up's email: nothing more.
    expect((await resend(email)).statusCode).toBe(202);
    await t.app.mailer.flush();
    expect(confirmations(email)).toHaveLength(1);
    for (let i = 0; i < 6; i++) {
      later(RESEND_LIMITS.cooldownMs);
      expect((await resend(email)).statusCode).toBe(202);
    }
    await t.app.mailer.flush();
    expect(confirmations(email)).toHaveLength(RESEND_LIMITS.perDay);
    // A day after the first, there is room again.
    later(24 * 3_600_000);
    await resend(email);
    await t.app.mailer.flush();
    expect(confirmations(email)).toHaveLength(RESEND_LIMITS.perDay + 1);
  });

  it('sends one email for concurrent requests', async () => {
    const email = await signUp();
    later(RESEND_LIMITS.cooldownMs);
    const answers = await Promise.all(Array.from({ length: 5 }, () => resend(email)));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
    await t.app.mailer.flush();
    expect(confirmations(email)).toHaveLength(2);
  });

  it('answers 400 for a missing or malformed address', async () => {
    for (const payload of [{}, { email: '' }, { email: 'not-an-address' }]) {
      const res = await t.call({ method: 'POST', url: '/email-confirmations/resend', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('mail after a crash', () => {
  it('goes out within a minute when the process died while sending it', async () => {
    let clock = new Date('2026-06-01T12:00:00Z');
    let unblock = () => {};
    const hanging: MailTransport = {
      send: () =>
        new Promise<void>((resolve) => {
          unblock = resolve;
        }),
    };
    const t = await testTracker({ mailTransport: hanging, now: () => clock });
    try {
      const body = newUser();
      expect((await t.call({ method: 'POST', url: '/users', payload: body })).statusCode).toBe(201);
      // The send never finishes: the process "dies" holding the mail's lease.
      void t.app.mailer.flush();
      // Polled, not slept on: the lease is taken when the send has started.
      await vi.waitFor(
        async () => {
          const leased = (await t.app.repos.outbox.all()).find((r) => r.toAddress === body.email);
          expect(leased).toMatchObject({ sentAt: null, attempts: 1 });
        },
        { timeout: 10_000, interval: 20 },
      );

      // The next process starts; a minute later its mailer has sent the mail.
      const sent: MailMessage[] = [];
      const restarted = createMailer({
        outbox: t.app.repos.outbox,
        transport: { send: async (m) => void sent.push(m) },
        from: 'test@example.org',
        now: () => clock,
        retryIntervalMs: 30_000,
        log: { error: () => {} },
      });
      clock = new Date(clock.getTime() + 60_000);
      await restarted.flush();
      expect(sent.filter((m) => m.to === body.email)).toHaveLength(1);
    } finally {
      unblock();
      await t.close();
    }
  });
});

describe('operators: join requests', () => {
  const mail = recordingTransport();
  const t = useTestTracker({ mailTransport: mail.transport });

  const request = async (teamId = 1) => {
    const body = newUser({ teamId });
    const res = await t.call({ method: 'POST', url: '/users', payload: body });
    const userId = res.json().user.id as number;
    const list = (await t.call({ url: '/join-requests?status=pending' })).json();
    const jr = list.joinRequests.find((r: { user: { id: number } }) => r.user.id === userId);
    return { userId, email: body.email, id: jr.id as number };
  };
  const memberStatus = (teamId: number, userId: number) => membershipStatus(t, teamId, userId);

  it('lists pending join requests with team and user', async () => {
    const { id, userId } = await request();
    const res = await t.call({ url: '/join-requests' });
    expect(res.statusCode).toBe(200);
    expect(res.json().joinRequests).toContainEqual(
      expect.objectContaining({ id, status: 'pending', team: { id: 1, name: 'Deep Work Crew' } }),
    );
    expect(res.json().joinRequests.find((r: { id: number }) => r.id === id).user.id).toBe(userId);
  });

  it('approves: the membership becomes Active and an approval email is sent', async () => {
    const { id, userId, email } = await request();
    const res = await t.call({ method: 'POST', url: `/join-requests/${id}/approve` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'approved' });
    expect(await memberStatus(1, userId)).toBe('Active');
    await t.app.mailer.flush();
    expect(mail.sent.find((m) => m.to === email && m.kind === 'join-approved')?.text).toMatch(
      /approved/,
    );
    const pending = (await t.call({ url: '/join-requests' })).json().joinRequests;
    expect(pending.some((r: { id: number }) => r.id === id)).toBe(false);
    const approved = (await t.call({ url: '/join-requests?status=approved' })).json().joinRequests;
    expect(approved.some((r: { id: number }) => r.id === id)).toBe(true);
  });

  it('declines: the membership becomes Inactive', async () => {
    const { id, userId } = await request(2);
    const res = await t.call({ method: 'POST', url: `/join-requests/${id}/decline` });
    expect(res.statusCode).toBe(200);
    expect(await memberStatus(2, userId)).toBe('Inactive');
  });

  it('refuses to decide twice with 409', async () => {
    const { id } = await request(2);
    expect((await t.call({ method: 'POST', url: `/join-requests/${id}/decline` })).statusCode).toBe(
      200,
    );
    const again = await t.call({ method: 'POST', url: `/join-requests/${id}/approve` });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('JOIN_REQUEST_DECIDED');
  });

  it('refuses to approve into a team that filled up meanwhile', async () => {
    // Team 2 has three Active members and six places; with three requests waiting, it shrinks to
    // five places (as an operator may do), so two approvals fill it.
    const requests = [await request(2), await request(2), await request(2)];
    await t.app.repos.teams.setCapacity(2, 5);
    for (const r of requests.slice(0, 2)) {
      expect(
        (await t.call({ method: 'POST', url: `/join-requests/${r.id}/approve` })).statusCode,
      ).toBe(200);
    }
    const last = requests[2];
    const res = await t.call({ method: 'POST', url: `/join-requests/${last?.id}/approve` });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TEAM_FULL');
  });

  it('answers 404 for an unknown join request and 400 for a bad id or status', async () => {
    expect((await t.call({ method: 'POST', url: '/join-requests/99999/approve' })).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: 'POST', url: '/join-requests/99999/decline' })).statusCode).toBe(
      404,
    );
    expect((await t.call({ method: 'POST', url: '/join-requests/x/approve' })).statusCode).toBe(
      400,
    );
    expect(
      (await t.call({ method: 'POST', url: '/join-requests/9999999999/approve' })).statusCode,
    ).toBe(404);
    const bad = await t.call({ url: '/join-requests?status=maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('the outbox without SMTP', () => {
  const t = useTestTracker();

  it('writes each message as an .eml file in the data directory', async () => {
    const body = newUser();
    await t.call({ method: 'POST', url: '/users', payload: body });
    await t.app.mailer.flush();
    const dir = path.join(t.db.dataDir, 'outbox');
    const files = await readdir(dir);
    const contents = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    const mine = contents.find((c) => c.includes(`To: ${body.email}`));
    expect(mine).toContain('/confirm-email?token=');
    expect(mine).not.toContain(body.password);
    const rows = await t.app.repos.outbox.all();
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });
});
