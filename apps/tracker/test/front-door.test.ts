import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import {
  MemberHome,
  MemberSignInAnswer,
  TRACKER_PASSWORD_MESSAGES,
  UPLOADS_PATH,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { buildFrontDoor, sessionCookieName } from '../src/front-door/app.ts';
import { RESET_JOB_DELAY_MS } from '../src/services/members.ts';
import { browser, codeAt, ORIGIN, operator, useTestFrontDoor } from './door.ts';
import { IMAGES, multipart, signUp, type TestTracker, testTracker } from './helpers.ts';

const COOKIE = sessionCookieName(false);

/** The tracker's clock, moved by the tests. */
let clock = new Date('2026-11-02T12:00:00Z').getTime();

const front = useTestFrontDoor({
  now: () => new Date(clock),
  env: { SIGN_IN_FAILURES_MAX: '3', SIGN_IN_FAILURE_WINDOW_SECONDS: '1' },
});

describe('the front door', () => {
  it('sends its security headers with every answer', async () => {
    const res = await browser(front.door).send({ method: 'GET', url: '/api/session' });
    // The built app's pages carry their styles and the early-taps script inline: style-src and
    // script-src name those by their hashes (none when the app is not built).
    const policy = String(res.headers['content-security-policy']);
    const hashes = / 'sha256-[A-Za-z0-9+/=]+'/g;
    const directives = policy
      .split(';')
      .map((directive) =>
        /^(style|script)-src /.test(directive) ? directive.replace(hashes, '') : directive,
      );
    expect(directives.join(';')).toBe(
      "default-src 'self';base-uri 'none';object-src 'none';script-src 'self';" +
        "script-src-attr 'none';style-src 'self';img-src 'self' data: blob: https:;" +
        "font-src 'self' data:;connect-src 'self';form-action 'self';frame-ancestors 'none';" +
        "worker-src 'self';manifest-src 'self'",
    );
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('signs a member in with a new session id, and out again', async () => {
    const user = await signUp(front.tracker, { name: 'Grace Hopper', teamId: 2 });
    const b = browser(front.door);
    const res = await b.signIn(user.email, user.password);
    expect(res.statusCode).toBe(200);
    expect(MemberSignInAnswer.parse(res.json()).member).toEqual({
      id: user.id,
      name: 'Grace Hopper',
      role: 'member',
    });
    const set = res.cookies.find((c) => c.name === COOKIE);
    expect(set?.httpOnly).toBe(true);
    expect(set?.sameSite).toBe('Lax');
    // Signing in again (a shared computer, a planted cookie) gives a new session id; the old one
    // signs nobody in.
    const first = b.cookie;
    expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
    expect(b.cookie).not.toBe(first);
    const stale = browser(front.door);
    stale.cookie = first;
    expect((await stale.home()).statusCode).toBe(401);

    const home = MemberHome.parse((await b.home()).json());
    expect(home.account.email).toBe(user.email);
    expect(home.joinRequest?.status).toBe('pending');
    expect(home.joinRequest?.team?.id).toBe(2);
    // Sent plus the promised 5 days.
    const sent = new Date(home.joinRequest?.sentAt ?? 0).getTime();
    expect(new Date(home.joinRequest?.answerBy ?? 0).getTime() - sent).toBe(5 * 86_400_000);
    expect(home.team).toBeNull();

    const kept = b.cookie;
    expect((await b.send({ method: 'DELETE', url: '/api/session' })).statusCode).toBe(204);
    b.cookie = kept;
    const after = await b.home();
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SIGN_IN_REQUIRED');
  });

  it('gives an unknown email and a wrong password the same answer', async () => {
    const user = await signUp(front.tracker);
    const wrong = await browser(front.door).signIn(user.email, 'not the password');
    const unknown = await browser(front.door).signIn(`nobody-${user.email}`, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('slows repeated failures from one address, and the right password works later', async () => {
    // The limiter's window passes on a fake clock (real time flows on beside it for everything
    // else), so the test does not wait a second.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = await signUp(front.tracker);
    const b = browser(front.door);
    for (let i = 0; i < 3; i += 1) {
      expect((await b.signIn(user.email, `guess ${i}`)).statusCode).toBe(401);
    }
    const refused = await b.signIn(user.email, user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    // Another member signing in from the same address is not held up by it.
    const other = await signUp(front.tracker);
    expect((await browser(front.door).signIn(other.email, other.password)).statusCode).toBe(200);
    // Let in once the window (a second here) has passed.
    vi.advanceTimersByTime(1100);
    expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a write from a foreign origin or with none', async () => {
    const user = await signUp(front.tracker);
    const foreign = await front.door.inject({
      method: 'POST',
      url: '/api/session',
      headers: { origin: 'https://evil.example' },
      payload: { email: user.email, password: user.password },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN_ORIGIN');
    const none = await front.door.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: user.email, password: user.password },
    });
    expect(none.statusCode).toBe(403);
  });

  it('ends a session at its idle limit and at its absolute limit', async () => {
    const user = await signUp(front.tracker);
    const b = browser(front.door);
    await b.signIn(user.email, user.password);
    clock += 29 * 60_000;
    expect((await b.home()).statusCode).toBe(200);
    clock += 31 * 60_000;
    expect((await b.home()).statusCode).toBe(401);

    await b.signIn(user.email, user.password);
    // In use every 20 minutes: never idle, but 12 hours after signing in it ends all the same.
    for (let step = 1; step < 36; step += 1) {
      clock += 20 * 60_000;
      expect((await b.home()).statusCode).toBe(200);
    }
    clock += 20 * 60_000;
    expect((await b.home()).statusCode).toBe(401);
  });

  it('holds a new password to the policy: 8 characters or more, not a common or breached one, not one character repeated, not digits under 12, not the own address; passphrases welcome', async () => {
    const user = await signUp(front.tracker);
    const b = browser(front.door);
    await b.signIn(user.email, user.password);
    const change = (newPassword: string) =>
      b.send({
        method: 'POST',
        url: '/api/me/password',
        payload: { currentPassword: user.password, newPassword },
      });
    const fieldMessage = (res: { json(): unknown }) =>
      (res.json() as { details?: { path: unknown; message: string }[] }).details?.map(
        (d) => `${String(d.path)}: ${d.message}`,
      );
    const short = await change('abc');
    expect(short.statusCode).toBe(400);
    expect(fieldMessage(short)).toEqual([`newPassword: ${TRACKER_PASSWORD_MESSAGES.tooShort}`]);
    for (const common of ['password', 'iloveyou', '12345678', 'Sunshine1']) {
      const refused = await change(common);
      expect([common, refused.statusCode]).toEqual([common, 400]);
      expect(fieldMessage(refused)).toEqual([`newPassword: ${TRACKER_PASSWORD_MESSAGES.common}`]);
    }
    for (const [weak, message] of [
      [' '.repeat(8), TRACKER_PASSWORD_MESSAGES.repeated],
      ['aaaaaaaa', TRACKER_PASSWORD_MESSAGES.repeated],
      ['00000000', TRACKER_PASSWORD_MESSAGES.repeated],
      ['73914025861', TRACKER_PASSWORD_MESSAGES.digits],
      [user.email, TRACKER_PASSWORD_MESSAGES.personal],
      [user.email.toUpperCase(), TRACKER_PASSWORD_MESSAGES.personal],
    ] as const) {
      const refused = await change(weak);
      expect([weak, refused.statusCode]).toEqual([weak, 400]);
      expect(fieldMessage(refused)).toEqual([`newPassword: ${message}`]);
    }
    // The old password still signs in: nothing was changed by the refusals.
    expect((await browser(front.door).signIn(user.email, user.password)).statusCode).toBe(200);
    const passphrase = 'correct horse battery staple on a slow boat to the far north sea!';
    expect(passphrase.length).toBeGreaterThanOrEqual(64);
    expect((await change(passphrase)).statusCode).toBe(204);
    expect((await browser(front.door).signIn(user.email, passphrase)).statusCode).toBe(200);
  });

  it('slows repeated wrong passwords given again, across a password change and deleting the account', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = await signUp(front.tracker);
    const b = browser(front.door);
    expect((await b.signIn(user.email, user.password)).statusCode).toBe(200);
    const change = (currentPassword: string) =>
      b.send({
        method: 'POST',
        url: '/api/me/password',
        payload: { currentPassword, newPassword: 'a new secret' },
      });
    for (let i = 0; i < 2; i += 1) expect((await change(`guess ${i}`)).statusCode).toBe(401);
    const deletion = (password: string) =>
      b.send({ method: 'POST', url: '/api/me/deletion', payload: { password } });
    expect((await deletion('guess 2')).statusCode).toBe(401);
    // The right password is refused too while the limit holds, and nothing changes.
    const refused = await deletion(user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect((await change(user.password)).statusCode).toBe(429);
    expect((await b.home()).statusCode).toBe(200);
    // Another member of the same address is not held up by it.
    const other = await signUp(front.tracker);
    const c = browser(front.door);
    await c.signIn(other.email, other.password);
    expect(
      (
        await c.send({
          method: 'POST',
          url: '/api/me/password',
          payload: { currentPassword: other.password, newPassword: 'another new secret' },
        })
      ).statusCode,
    ).toBe(204);
    vi.advanceTimersByTime(1100);
    expect((await change(user.password)).statusCode).toBe(204);
  });

  it('ends the other sessions on a password change, and every one on sign out everywhere', async () => {
    const user = await signUp(front.tracker);
    const phone = browser(front.door);
    const laptop = browser(front.door);
    await phone.signIn(user.email, user.password);
    await laptop.signIn(user.email, user.password);
    const wrong = await laptop.send({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: 'wrong', newPassword: 'a new secret' },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await phone.home()).statusCode).toBe(200);
    const changed = await laptop.send({
      method: 'POST',
      url: '/api/me/password',
      payload: { currentPassword: user.password, newPassword: 'a new secret' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await phone.home()).statusCode).toBe(401);
    expect((await laptop.home()).statusCode).toBe(200);
    expect((await browser(front.door).signIn(user.email, user.password)).statusCode).toBe(401);

    const tablet = browser(front.door);
    expect((await tablet.signIn(user.email, 'a new secret')).statusCode).toBe(200);
    expect((await laptop.send({ method: 'DELETE', url: '/api/sessions' })).statusCode).toBe(204);
    expect((await tablet.home()).statusCode).toBe(401);
    expect((await laptop.home()).statusCode).toBe(401);
  });

  it("changes only the signed-in member's own profile, and checks it", async () => {
    const ada = await signUp(front.tracker, { name: 'Ada' });
    const bob = await signUp(front.tracker, { name: 'Bob' });
    const b = browser(front.door);
    await b.signIn(ada.email, ada.password);
    const bad = await b.send({
      method: 'PUT',
      url: '/api/me/profile',
      payload: { name: '  ', goalSummary: 'x', aboutMe: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const saved = await b.send({
      method: 'PUT',
      url: '/api/me/profile',
      payload: { name: 'Ada L.', goalSummary: 'Ship the engine', aboutMe: 'Numbers.' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: ada.id, name: 'Ada L.', aboutMe: 'Numbers.' });
    // No route names another member: Bob's record is untouched and unreadable from here.
    const bobRow = await front.tracker.app.repos.users.get(bob.id);
    expect(bobRow?.name).toBe('Bob');
    const other = await b.send({ method: 'GET', url: `/api/users/${bob.id}` });
    expect(other.statusCode).toBe(404);
    const home = MemberHome.parse((await b.home()).json());
    expect(home.account.id).toBe(ada.id);
  });

  it('shows the team, with the own card marked, once the request is approved', async () => {
    const user = await signUp(front.tracker, { teamId: 2, name: 'Newcomer' });
    const list = await front.tracker.call({ method: 'GET', url: '/join-requests?status=pending' });
    const request = list
      .json()
      .joinRequests.find((r: { user: { id: number } }) => r.user.id === user.id);
    const approved = await front.tracker.call({
      method: 'POST',
      url: `/join-requests/${request.id}/approve`,
    });
    expect(approved.statusCode).toBe(200);
    const b = browser(front.door);
    await b.signIn(user.email, user.password);
    const home = MemberHome.parse((await b.home()).json());
    expect(home.joinRequest?.status).toBe('approved');
    expect(home.team?.id).toBe(2);
    const own = home.team?.members.filter((member) => member.own) ?? [];
    expect(own.map((member) => member.id)).toEqual([user.id]);
    expect(home.team?.members.length).toBeGreaterThan(1);
    // The approval email leads to the member's home on the front door's origin.
    const mail = (await front.tracker.app.repos.outbox.all()).find(
      (row) => row.kind === 'join-approved' && row.toAddress === user.email,
    );
    expect(mail?.bodyText).toContain(`See your team: ${ORIGIN}/`);
  });

  it("shows a declined request with the operator's note", async () => {
    const user = await signUp(front.tracker, { teamId: 2 });
    const list = await front.tracker.call({ method: 'GET', url: '/join-requests?status=pending' });
    const request = list
      .json()
      .joinRequests.find((r: { user: { id: number } }) => r.user.id === user.id);
    const declined = await front.tracker.call({
      method: 'POST',
      url: `/join-requests/${request.id}/decline`,
      payload: { reason: 'This team meets at 6 AM; we will find you one that fits.' },
    });
    expect(declined.statusCode).toBe(200);
    const b = browser(front.door);
    await b.signIn(user.email, user.password);
    const home = MemberHome.parse((await b.home()).json());
    expect(home.joinRequest).toMatchObject({
      status: 'declined',
      declineReason: 'This team meets at 6 AM; we will find you one that fits.',
    });
    expect(home.team).toBeNull();
  });

  it('answers a reset request before its job, which is due at a random moment within RESET_JOB_DELAY_MS and not before', async () => {
    const user = await signUp(front.tracker);
    const { mailer, repos } = front.tracker.app;
    const kick = vi.spyOn(mailer, 'kick');
    try {
      const answer = await browser(front.door).send({
        method: 'POST',
        url: '/api/password-resets',
        payload: { email: user.email },
      });
      expect(answer.statusCode).toBe(202);
      // Nothing of the job (the look-ups, the account's transaction and mail) shares the answer's
      // time: no flush starts with it, and a flush started at once (another request's, the
      // mailer's rounds) passes the job by, so it runs at its own moment only.
      expect(kick).not.toHaveBeenCalled();
      await mailer.flush();
      const job = (await repos.outbox.all()).findLast(
        (row) => row.kind === 'password-reset-request' && row.toAddress === user.email,
      );
      expect(job?.sentAt).toBeNull();
      const dueIn = (job?.nextAttemptAt.getTime() ?? 0) - clock;
      expect(dueIn).toBeGreaterThan(0);
      expect(dueIn).toBeLessThanOrEqual(RESET_JOB_DELAY_MS);
      await vi.waitFor(() => expect(kick).toHaveBeenCalled(), {
        timeout: RESET_JOB_DELAY_MS + 1000,
      });
      clock += RESET_JOB_DELAY_MS;
      await mailer.flush();
      const mails = await repos.outbox.all();
      expect(mails.find((row) => row.id === job?.id)?.sentAt).not.toBeNull();
      expect(
        mails.some((row) => row.kind === 'password-reset' && row.toAddress === user.email),
      ).toBe(true);
    } finally {
      kick.mockRestore();
    }
  });

  it('does the same database work answering a reset request whether or not the address has an account', async () => {
    const user = await signUp(front.tracker);
    // The database client's entry points (PGlite: query, transaction; PostgreSQL's pool: query,
    // connect for a transaction), recorded with each statement's text when called on behalf of
    // the request (its async context): work already under way, such as the mail the sign-up
    // queued, may reach the database meanwhile and is not the answer's. Jobs are kept from
    // starting meanwhile too.
    const { $client: client } = front.tracker.app.database.db as unknown as {
      $client: Record<string, (...args: unknown[]) => unknown>;
    };
    const kick = vi.spyOn(front.tracker.app.mailer, 'kick').mockImplementation(() => {});
    const request = new AsyncLocalStorage<true>();
    const workOf = async (email: string) => {
      const seen: string[] = [];
      const spies = ['query', 'transaction', 'connect']
        .filter((name) => typeof client[name] === 'function')
        .map((name) => {
          const original = client[name] as (...args: unknown[]) => unknown;
          return vi.spyOn(client, name).mockImplementation(function (this: unknown, ...args) {
            if (request.getStore()) {
              const [first] = args;
              const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
              seen.push(`${name} ${text ?? ''}`);
            }
            return original.apply(this, args);
          });
        });
      try {
        const answer = await request.run(true, () =>
          browser(front.door).send({
            method: 'POST',
            url: '/api/password-resets',
            payload: { email },
          }),
        );
        expect(answer.statusCode).toBe(202);
        return seen;
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    };
    try {
      const account = await workOf(user.email);
      const none = await workOf(`nobody-${user.email}`);
      expect(account.length).toBeGreaterThan(0);
      expect(none).toEqual(account);
    } finally {
      kick.mockRestore();
    }
  });

  it('resets a password by a mailed link that works once, for 30 minutes, and ends every session', async () => {
    const user = await signUp(front.tracker);
    const phone = browser(front.door);
    await phone.signIn(user.email, user.password);
    // The request is answered once it is queued; the queued job (run here by flushing the
    // outbox) mails the link.
    const ask = async (email: string) => {
      const answer = await browser(front.door).send({
        method: 'POST',
        url: '/api/password-resets',
        payload: { email },
      });
      // The job is due within RESET_JOB_DELAY_MS.
      clock += RESET_JOB_DELAY_MS;
      await front.tracker.app.mailer.flush();
      return answer;
    };
    const jobsBefore = (await front.tracker.app.repos.outbox.all()).filter(
      (row) => row.kind === 'password-reset-request',
    ).length;
    const known = await ask(user.email);
    const unknown = await ask(`nobody-${user.email}`);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    // Both did the same work: one job each, and only the account's got a mail.
    const jobs = (await front.tracker.app.repos.outbox.all()).filter(
      (row) => row.kind === 'password-reset-request',
    );
    expect(jobs.length - jobsBefore).toBe(2);
    expect(jobs.every((row) => row.sentAt !== null)).toBe(true);
    expect(
      (await front.tracker.app.repos.outbox.all()).filter(
        (row) => row.kind === 'password-reset' && row.toAddress === `nobody-${user.email}`,
      ),
    ).toEqual([]);
    const mail = (await front.tracker.app.repos.outbox.all()).find(
      (row) => row.kind === 'password-reset' && row.toAddress === user.email,
    );
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.bodyText ?? '')?.[1] ?? '';
    expect(mail?.bodyText).toContain(`${ORIGIN}/reset-password?token=`);
    const complete = (password: string, with_ = token) =>
      browser(front.door).send({
        method: 'POST',
        url: '/api/password-resets/completion',
        payload: { token: with_, password },
      });
    const state = async (with_: string) =>
      (
        await browser(front.door).send({
          method: 'POST',
          url: '/api/password-resets/check',
          payload: { token: with_ },
        })
      ).json().state;
    expect(await state(token)).toBe('usable');
    expect(await state('not-a-token')).toBe('unknown');
    expect((await complete('brand new secret', 'not-a-token')).statusCode).toBe(404);
    // The policy holds for a reset as for a change, and a refusal leaves the link usable.
    expect((await complete('password')).json().details).toEqual([
      { path: 'password', message: TRACKER_PASSWORD_MESSAGES.common },
    ]);
    expect((await complete('short')).statusCode).toBe(400);
    expect((await complete('brand new secret')).statusCode).toBe(204);
    expect((await phone.home()).statusCode).toBe(401);
    expect((await complete('another secret')).json().code).toBe('TOKEN_USED');
    expect(await state(token)).toBe('used');
    expect((await browser(front.door).signIn(user.email, 'brand new secret')).statusCode).toBe(200);

    // A second link, 30 minutes later, no longer works.
    clock += 61_000;
    await ask(user.email);
    const second = (await front.tracker.app.repos.outbox.all())
      .filter((row) => row.kind === 'password-reset' && row.toAddress === user.email)
      .at(-1);
    const later = /token=([A-Za-z0-9_-]+)/.exec(second?.bodyText ?? '')?.[1] ?? '';
    expect(later).not.toBe(token);
    clock += 30 * 60_000;
    const expired = await complete('too late', later);
    expect(expired.statusCode).toBe(410);
    expect(await state(later)).toBe('expired');
    expect((await browser(front.door).signIn(user.email, 'brand new secret')).statusCode).toBe(200);
  });

  it('deletes the account with its password: seat freed, sessions ended, mail sent', async () => {
    const user = await signUp(front.tracker, { teamId: 2 });
    const seats = async () =>
      (await front.tracker.call({ method: 'GET', url: '/teams/2' })).json().openSeats as number;
    const before = await seats();
    const b = browser(front.door);
    const other = browser(front.door);
    await b.signIn(user.email, user.password);
    await other.signIn(user.email, user.password);
    const wrong = await b.send({
      method: 'POST',
      url: '/api/me/deletion',
      payload: { password: 'not it' },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await b.home()).statusCode).toBe(200);
    const deleted = await b.send({
      method: 'POST',
      url: '/api/me/deletion',
      payload: { password: user.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await front.tracker.app.repos.users.get(user.id)).toBeNull();
    expect(await seats()).toBe(before + 1);
    expect((await other.home()).statusCode).toBe(401);
    expect((await browser(front.door).signIn(user.email, user.password)).statusCode).toBe(401);
    const mail = (await front.tracker.app.repos.outbox.all()).find(
      (row) => row.kind === 'account-deleted' && row.toAddress === user.email,
    );
    expect(mail).toBeDefined();
  });

  it('mails the confirmation link again to the signed-in member only', async () => {
    const user = await signUp(front.tracker);
    expect(
      (await browser(front.door).send({ method: 'POST', url: '/api/me/confirmation-email' }))
        .statusCode,
    ).toBe(401);
    const b = browser(front.door);
    await b.signIn(user.email, user.password);
    clock += 61_000;
    const sent = await b.send({ method: 'POST', url: '/api/me/confirmation-email' });
    expect(sent.statusCode).toBe(202);
    const mails = (await front.tracker.app.repos.outbox.all()).filter(
      (row) => row.kind === 'email-confirmation' && row.toAddress === user.email,
    );
    expect(mails).toHaveLength(2);
  });

  it("replaces the member's own photo: an image by its bytes, the old file removed", async () => {
    const user = await signUp(front.tracker);
    const b = browser(front.door);
    await b.signIn(user.email, user.password);
    const upload = (data: Buffer, type = 'image/png') => {
      const form = multipart([{ name: 'photoFile', filename: 'me.png', type, data }]);
      return b.send({ method: 'POST', url: '/api/me/photo', ...form });
    };
    const notImage = await upload(Buffer.from('<script>alert(1)</script>'));
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().code).toBe('PHOTO_NOT_IMAGE');
    const first = await upload(IMAGES.png);
    expect(first.statusCode).toBe(200);
    const firstKey = (await front.tracker.app.repos.users.get(user.id))?.image ?? '';
    expect(firstKey).toMatch(/^u\//);
    const second = await upload(IMAGES.gif, 'image/gif');
    expect(second.statusCode).toBe(200);
    expect(await front.tracker.app.storage.get(firstKey)).toBeNull();
    const home = MemberHome.parse((await b.home()).json());
    expect(home.account.photo).toMatch(new RegExp(`^${UPLOADS_PATH}/u/.+\\.gif$`));
    const served = await front.door.inject({ method: 'GET', url: home.account.photo ?? '' });
    expect(served.statusCode).toBe(200);
  });

  it('leaves the team: the seat is freed, the account and its sign-in stay', async () => {
    const user = await signUp(front.tracker, { teamId: 2 });
    const list = await front.tracker.call({ method: 'GET', url: '/join-requests?status=pending' });
    const request = list
      .json()
      .joinRequests.find((r: { user: { id: number } }) => r.user.id === user.id);
    await front.tracker.call({ method: 'POST', url: `/join-requests/${request.id}/approve` });
    const seats = async () =>
      (await front.tracker.call({ method: 'GET', url: '/teams/2' })).json().openSeats as number;
    const before = await seats();
    const b = browser(front.door);
    await b.signIn(user.email, user.password);
    expect(MemberHome.parse((await b.home()).json()).team?.id).toBe(2);
    const left = await b.send({ method: 'POST', url: '/api/me/team-departure' });
    expect(left.statusCode).toBe(204);
    expect(await seats()).toBe(before + 1);
    const home = MemberHome.parse((await b.home()).json());
    expect(home.team).toBeNull();
    expect(home.account.id).toBe(user.id);
    const again = await b.send({ method: 'POST', url: '/api/me/team-departure' });
    expect(again.statusCode).toBe(404);
  });
});

describe('sign-in limits under a burst, with the production numbers (5 per account, 100 per address)', () => {
  let burst: TestTracker;
  let burstDoor: FastifyInstance;
  beforeAll(async () => {
    burst = await testTracker({ env: { SIGN_IN_FAILURE_WINDOW_SECONDS: '900' } });
    burstDoor = await buildFrontDoor(burst.app, burst.app.log);
  });
  afterAll(async () => {
    await burstDoor?.close();
    await burst?.close();
  });

  // A wrong password is only answered 401 once it has been verified; a refused attempt is 429.
  const tally = (codes: number[]) => ({
    verified: codes.filter((code) => code === 401).length,
    refused: codes.filter((code) => code === 429).length,
  });

  it('verifies at most 5 of 20 wrong passwords for one account sent at once', async () => {
    const user = await signUp(burst);
    const b = browser(burstDoor, { address: '127.0.9.1' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => b.signIn(user.email, `wrong guess ${i}`)),
    );
    expect(tally(answers.map((res) => res.statusCode))).toEqual({ verified: 5, refused: 15 });
    // The right password is refused too until the window ends.
    expect((await b.signIn(user.email, user.password)).statusCode).toBe(429);
  });

  it('verifies at most 100 of 110 wrong sign-ins from one address at once, over many accounts', async () => {
    const b = browser(burstDoor, { address: '127.0.9.2' });
    const answers = await Promise.all(
      Array.from({ length: 110 }, (_, i) =>
        b.signIn(`nobody-${i}-${Date.now()}@example.com`, 'wrong guess'),
      ),
    );
    expect(tally(answers.map((res) => res.statusCode))).toEqual({ verified: 100, refused: 10 });
  });

  it('verifies at most 5 of 20 wrong second-factor codes sent at once', async () => {
    const op = await operator(burst, burstDoor, () => Date.now());
    const b = browser(burstDoor, { address: '127.0.9.3' });
    expect((await b.signIn(op.email, op.password)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => b.code(String(100_000 + i))),
    );
    expect(tally(answers.map((res) => res.statusCode))).toEqual({ verified: 5, refused: 15 });
    expect((await b.code(codeAt(op.secret, Date.now()))).statusCode).toBe(429);
  });
});

describe('the front front.door sends its app compressed', () => {
  it('answers the scripts and the shell with brotli or gzip when the browser takes them', async () => {
    const webDir = await mkdtemp(path.join(os.tmpdir(), 'front-front.door-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(
      path.join(webDir, 'index.html'),
      `<!doctype html><title>x</title>${' '.repeat(2048)}`,
    );
    await writeFile(
      path.join(webDir, 'assets', 'app.js'),
      `export const x = ${JSON.stringify('y'.repeat(8192))};`,
    );
    const web = await testTracker({ webDir });
    const webDoor = await buildFrontDoor(web.app, web.app.log);
    try {
      const script = await webDoor.inject({
        method: 'GET',
        url: '/assets/app.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-encoding']).toBe('br');
      expect(script.rawPayload.length).toBeLessThan(1024);
      const shell = await webDoor.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(shell.headers['content-encoding']).toBe('gzip');
      const plain = await webDoor.inject({ method: 'GET', url: '/assets/app.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      // A file the build compressed already is sent as the build wrote it.
      const source = `export const y = ${JSON.stringify('z'.repeat(4096))};`;
      await writeFile(path.join(webDir, 'assets', 'built.js'), source);
      await writeFile(
        path.join(webDir, 'assets', 'built.js.br'),
        brotliCompressSync(Buffer.from(source)),
      );
      const built = await webDoor.inject({
        method: 'GET',
        url: '/assets/built.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(built.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(built.rawPayload).toString()).toBe(source);
    } finally {
      await webDoor.close();
      await web.close();
      await rm(webDir, { recursive: true, force: true });
    }
  });
});

/** The CSP source of an inline <style> with the text `p{}`. */
const STYLE_HASH = `sha256-${createHash('sha256').update('p{}').digest('base64')}`;
/** The same of an inline <script> with the text `let held = [];`. */
const SCRIPT_HASH = `sha256-${createHash('sha256').update('let held = [];').digest('base64')}`;

describe('the front door serves an installable app', () => {
  it('sends the service worker, the manifest with their types (the worker always revalidated) and the prerendered pages', async () => {
    const webDir = await mkdtemp(path.join(os.tmpdir(), 'front-door-pwa-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(webDir, 'manifest.webmanifest'), '{"name":"Tracker"}');
    await writeFile(path.join(webDir, 'sign-in.html'), '<!doctype html><title>Sign in</title>');
    await writeFile(path.join(webDir, 'home.html'), '<!doctype html><title>Home</title>');
    await writeFile(
      path.join(webDir, 'prerendered.json'),
      JSON.stringify({
        pages: {
          '/sign-in': { file: 'sign-in.html', search: ['next'], prerendered: true },
          '/': { file: 'home.html', search: [] },
          '/elsewhere': { file: '../secret.html', search: [] },
        },
        styleHashes: [STYLE_HASH, "sha256-x' 'unsafe-inline"],
        scriptHashes: [SCRIPT_HASH, "'unsafe-inline'"],
      }),
    );
    const web = await testTracker({ webDir });
    const webDoor = await buildFrontDoor(web.app, web.app.log);
    try {
      // A page rendered at build time is sent for its path, with the search keys it allows; any
      // other key, or another page, gets the shell.
      const page = async (url: string) => (await webDoor.inject({ method: 'GET', url })).body;
      expect(await page('/sign-in')).toContain('<title>Sign in</title>');
      expect(await page('/sign-in?next=%2Fteam')).toContain('<title>Sign in</title>');
      expect(await page('/sign-in?notice=account-deleted')).toContain('<title>x</title>');
      expect(await page('/elsewhere')).toContain('<title>x</title>');
      expect(await page('/team')).toContain('<title>x</title>');
      expect(await page('/')).toContain('<title>Home</title>');
      expect(await page('/?utm=1')).toContain('<title>x</title>');
      // The pages' inline styles and script are allowed by the hashes the build listed; a listed
      // value that is not a hash is left out, so it cannot widen the policy.
      const policy = String(
        (await webDoor.inject({ method: 'GET', url: '/sign-in' })).headers[
          'content-security-policy'
        ],
      );
      expect(policy.split(';')).toContain(`style-src 'self' '${STYLE_HASH}'`);
      expect(policy.split(';')).toContain(`script-src 'self' '${SCRIPT_HASH}'`);
      expect(policy).not.toContain('unsafe-inline');
      // Its form sent where no script ran at all (the early-taps script holds it otherwise) opens
      // the page again.
      const early = await browser(webDoor).send({
        method: 'POST',
        url: '/sign-in?next=%2Fteam',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=ada%40example.com&password=secret',
      });
      expect(early.statusCode).toBe(303);
      expect(early.headers.location).toBe('/sign-in?next=%2Fteam');
      expect((await browser(webDoor).send({ method: 'POST', url: '/team' })).statusCode).toBe(404);
      const worker = await webDoor.inject({ method: 'GET', url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect(worker.headers['content-security-policy']).toContain("worker-src 'self'");
      const manifest = await webDoor.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.json()).toEqual({ name: 'Tracker' });
    } finally {
      await webDoor.close();
      await web.close();
      await rm(webDir, { recursive: true, force: true });
    }
  });
});
