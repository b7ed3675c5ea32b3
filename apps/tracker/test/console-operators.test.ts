import { AuditPage, ConsoleOperators } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { outbox, secondFactors, users } from '../src/db/schema.ts';
import { createTestDatabase } from '../src/testing.ts';
import { buildTracker } from '../src/tracker.ts';
import { browser, expectOperatorsOnly, operator, useTestFrontDoor } from './door.ts';
import { API_KEY, newUser } from './helpers.ts';

const clock = Date.now();
const now = () => clock;

const front = useTestFrontDoor({ now: () => new Date(clock) });

const unique = (who: string) => `${who}-${Math.random().toString(36).slice(2, 8)}@example.org`;

async function mailsTo(address: string) {
  return front.tracker.app.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, address), eq(outbox.kind, 'operator-added')));
}

async function roleOf(id: number) {
  const [row] = await front.tracker.app.database.db.select().from(users).where(eq(users.id, id));
  return row?.role;
}

async function factorOf(id: number) {
  return front.tracker.app.database.db
    .select()
    .from(secondFactors)
    .where(eq(secondFactors.userId, id));
}

/** The newest audit line, as `op` reads it in the console. */
async function lastAudit(op: Awaited<ReturnType<typeof operator>>) {
  const page = AuditPage.parse(
    (await op.browser.send({ method: 'GET', url: '/api/console/audit?limit=1' })).json(),
  );
  return page.items[0];
}

/** A new browser that signs in as `op` and gives `code`: the code's answer. */
async function signInWith(op: Awaited<ReturnType<typeof operator>>, code: string) {
  const b = browser(front.door);
  expect((await b.signIn(op.email, op.password)).statusCode).toBe(200);
  return b.code(code);
}

/** `op` invites `email` from the console's Operators page; the answer, checked to be 201. */
async function invite(op: Awaited<ReturnType<typeof operator>>, email: string, name: string) {
  const invited = await op.browser.send({
    method: 'POST',
    url: '/api/console/operators',
    payload: { email, name },
  });
  expect(invited.statusCode).toBe(201);
  return invited;
}

describe('operators in the console', () => {
  it('answers signed-out 401, a member 403 and an operator without the second factor 403', async () => {
    const target = await operator(front.tracker, front.door, now);
    const routes = [
      { method: 'GET', url: '/api/console/operators' },
      { method: 'POST', url: '/api/console/operators', payload: { email: unique('nobody') } },
      { method: 'DELETE', url: `/api/console/operators/${target.id}` },
      { method: 'DELETE', url: `/api/console/operators/${target.id}/second-factor` },
      {
        method: 'POST',
        url: '/api/console/second-factor/recovery-codes',
        payload: { password: 'operators own password' },
      },
    ] as const;
    await expectOperatorsOnly(front.tracker, front.door, now, routes);
    expect(await roleOf(target.id)).toBe('operator');
    expect(await mailsTo(routes[1].payload.email)).toHaveLength(0);
    expect(await factorOf(target.id)).toHaveLength(1);
  });

  it('invites an operator by address: the account, the mailed link and the audit line', async () => {
    const op = await operator(front.tracker, front.door, now);
    const email = unique('Nina.New');
    const invited = await invite(op, email, 'Nina New');
    expect(invited.json()).toMatchObject({ name: 'Nina New', email, authenticator: false });
    const id = invited.json().id as number;
    expect(await roleOf(id)).toBe('operator');
    const [mail] = await mailsTo(email);
    expect(mail?.bodyText).toMatch(/\/reset-password\?token=/);

    const list = ConsoleOperators.parse(
      (await op.browser.send({ method: 'GET', url: '/api/console/operators' })).json(),
    );
    expect(list.operators.find((o) => o.id === op.id)).toMatchObject({
      you: true,
      authenticator: true,
    });
    expect(list.operators.find((o) => o.id === id)).toMatchObject({
      you: false,
      authenticator: false,
    });

    // The same address again (in another case) is refused, and mails nothing more.
    const again = await op.browser.send({
      method: 'POST',
      url: '/api/console/operators',
      payload: { email: email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_OPERATOR',
      details: [{ path: 'email' }],
    });
    for (const email of ['', 'not an address', 'a@b']) {
      const bad = await op.browser.send({
        method: 'POST',
        url: '/api/console/operators',
        payload: { email },
      });
      expect(bad.statusCode, email).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
    expect(await mailsTo(email)).toHaveLength(1);

    // A member's account is promoted, keeping its password.
    const member = newUser();
    const signedUp = await front.tracker.call({ method: 'POST', url: '/users', payload: member });
    const promoted = await op.browser.send({
      method: 'POST',
      url: '/api/console/operators',
      payload: { email: member.email },
    });
    expect(promoted.statusCode).toBe(201);
    expect(promoted.json().id).toBe(Number(signedUp.json().user.id));

    const audit = AuditPage.parse(
      (await op.browser.send({ method: 'GET', url: '/api/console/audit?limit=2' })).json(),
    );
    expect(audit.items.map((e) => [e.action, e.target, e.before, e.after])).toEqual([
      [
        'operator.invited',
        `user:${promoted.json().id}`,
        { role: 'member' },
        { role: 'operator', email: member.email },
      ],
      ['operator.invited', `user:${id}`, null, { role: 'operator', email }],
    ]);
  });

  it('removes another operator (the console closes for them at once), never oneself', async () => {
    const op = await operator(front.tracker, front.door, now);
    const other = await operator(front.tracker, front.door, now);
    const self = await op.browser.send({
      method: 'DELETE',
      url: `/api/console/operators/${op.id}`,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('OPERATOR_SELF_REMOVAL');
    expect(await roleOf(op.id)).toBe('operator');

    const member = newUser();
    const memberId = Number(
      (await front.tracker.call({ method: 'POST', url: '/users', payload: member })).json().user.id,
    );
    for (const id of [memberId, 999_999]) {
      const missing = await op.browser.send({
        method: 'DELETE',
        url: `/api/console/operators/${id}`,
      });
      expect(missing.statusCode).toBe(404);
    }

    const removed = await op.browser.send({
      method: 'DELETE',
      url: `/api/console/operators/${other.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await roleOf(other.id)).toBe('member');
    const factor = await front.tracker.app.database.db
      .select()
      .from(secondFactors)
      .where(eq(secondFactors.userId, other.id));
    expect(factor).toHaveLength(0);
    // Their session ended with the role.
    const after = await other.browser.send({ method: 'GET', url: '/api/console/join-requests' });
    expect(after.statusCode).toBe(401);
    // Signed in again, the account is a member's.
    const again = browser(front.door);
    expect((await again.signIn(other.email, other.password)).json().member.role).toBe('member');
    expect((await again.send({ method: 'GET', url: '/api/console/operators' })).statusCode).toBe(
      403,
    );
    const [entry] = AuditPage.parse(
      (await op.browser.send({ method: 'GET', url: '/api/console/audit?limit=1' })).json(),
    ).items;
    expect(entry).toMatchObject({
      action: 'operator.removed',
      target: `user:${other.id}`,
      before: { role: 'operator', email: other.email },
      after: { role: 'member', email: other.email },
      operator: { id: op.id },
    });
  });

  it("ends a removed operator's unused set-password link", async () => {
    const op = await operator(front.tracker, front.door, now);
    const email = unique('Lou.Link');
    const invited = await invite(op, email, 'Lou Link');
    const [mail] = await mailsTo(email);
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.bodyText ?? '')?.[1] ?? '';
    expect(token).not.toBe('');
    const removed = await op.browser.send({
      method: 'DELETE',
      url: `/api/console/operators/${invited.json().id}`,
    });
    expect(removed.statusCode).toBe(204);
    const used = await browser(front.door).send({
      method: 'POST',
      url: '/api/password-resets/completion',
      payload: { token, password: 'a long enough secret' },
    });
    expect(used.statusCode).toBe(404);
  });

  it('leaves one of two operators who remove each other at once', async () => {
    const a = await operator(front.tracker, front.door, now);
    const b = await operator(front.tracker, front.door, now);
    const answers = await Promise.all([
      a.browser.send({ method: 'DELETE', url: `/api/console/operators/${b.id}` }),
      b.browser.send({ method: 'DELETE', url: `/api/console/operators/${a.id}` }),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    // The loser is no operator by then: its session ended (401) or its role went first (403).
    expect(codes[0]).toBe(204);
    expect([401, 403]).toContain(codes[1]);
    expect([await roleOf(a.id), await roleOf(b.id)].sort()).toEqual(['member', 'operator']);
  });
});

describe('new recovery codes', () => {
  const renew = (op: Awaited<ReturnType<typeof operator>>, password: unknown) =>
    op.browser.send({
      method: 'POST',
      url: '/api/console/second-factor/recovery-codes',
      payload: { password },
    });

  it('are given for the password only, and the old ones stop working', async () => {
    const op = await operator(front.tracker, front.door, now);
    const [first, second] = op.recoveryCodes;
    // One old code used up: the audit line counts the unused ones it replaced.
    expect((await signInWith(op, first ?? '')).statusCode).toBe(200);

    const wrong = await renew(op, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      details: [{ path: 'password', message: 'The password is not right.' }],
    });
    for (const password of ['', undefined, 'x'.repeat(2000)]) {
      const bad = await renew(op, password);
      expect(bad.statusCode, String(password)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await lastAudit(op))?.action).not.toBe('second-factor.recovery-codes');

    const renewed = await renew(op, op.password);
    expect(renewed.statusCode).toBe(200);
    const codes = renewed.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes.filter((c) => op.recoveryCodes.includes(c))).toEqual([]);
    // The session that asked stays in the console.
    expect(
      (await op.browser.send({ method: 'GET', url: '/api/console/operators' })).statusCode,
    ).toBe(200);

    const old = await signInWith(op, second ?? '');
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe('INVALID_CODE');
    expect((await signInWith(op, codes[0] ?? '')).statusCode).toBe(200);

    expect(await lastAudit(op)).toMatchObject({
      action: 'second-factor.recovery-codes',
      target: `user:${op.id}`,
      operator: { id: op.id },
      before: { unusedCodes: 9 },
      after: { unusedCodes: 10 },
    });
  });
});

describe("resetting another operator's authenticator app", () => {
  const reset = (op: Awaited<ReturnType<typeof operator>>, id: number) =>
    op.browser.send({ method: 'DELETE', url: `/api/console/operators/${id}/second-factor` });

  it('ends their sessions, mails them and has them set the app up at their next sign-in', async () => {
    const op = await operator(front.tracker, front.door, now);
    const other = await operator(front.tracker, front.door, now);

    const own = await reset(op, op.id);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('SECOND_FACTOR_SELF_RESET');
    expect(await factorOf(op.id)).toHaveLength(1);
    const member = newUser();
    const memberId = Number(
      (await front.tracker.call({ method: 'POST', url: '/users', payload: member })).json().user.id,
    );
    for (const id of [memberId, 999_999]) {
      expect((await reset(op, id)).statusCode, String(id)).toBe(404);
    }

    expect((await reset(op, other.id)).statusCode).toBe(204);
    expect(await factorOf(other.id)).toHaveLength(0);
    expect(await roleOf(other.id)).toBe('operator');
    // Their session ended at once.
    const after = await other.browser.send({ method: 'GET', url: '/api/console/join-requests' });
    expect(after.statusCode).toBe(401);
    const [mail] = await front.tracker.app.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, other.email), eq(outbox.kind, 'second-factor-reset')));
    expect(mail?.subject).toBe('Your authenticator app for the tracker was reset');
    expect(mail?.bodyText).toContain('Olive Operator reset your authenticator app');
    expect(mail?.bodyText).toContain('set an authenticator app up again');
    expect(await lastAudit(op)).toMatchObject({
      action: 'second-factor.reset',
      target: `user:${other.id}`,
      operator: { id: op.id },
      before: { authenticator: 'set up', passkeys: 0, email: other.email },
      after: { authenticator: 'not set up', passkeys: 0, email: other.email },
    });

    // Signed in again: the app is set up anew before the console opens; old codes are gone.
    const again = browser(front.door);
    expect((await again.signIn(other.email, other.password)).json().secondFactor).toBe('enrol');
    expect((await again.code(other.recoveryCodes[0] ?? '')).statusCode).toBe(401);
    const closed = await again.send({ method: 'GET', url: '/api/console/operators' });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('SECOND_FACTOR_REQUIRED');
    const list = ConsoleOperators.parse(
      (await op.browser.send({ method: 'GET', url: '/api/console/operators' })).json(),
    );
    expect(list.operators.find((o) => o.id === other.id)?.authenticator).toBe(false);

    // Nothing set up: nothing to reset.
    const twice = await reset(op, other.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('SECOND_FACTOR_NOT_SET_UP');
    const secret = (await again.send({ method: 'GET', url: '/api/console/second-factor' })).json()
      .secret as string;
    expect(secret).not.toBe(other.secret);
  });
});

describe('the first operator from ADMIN_EMAIL', () => {
  async function start(databaseUrl: string | undefined, dataDir: string, env: object) {
    return buildTracker({ dataDir, databaseUrl, apiKey: API_KEY, env: { ...env } });
  }

  async function operatorsOf(app: FastifyInstance) {
    return app.database.db.select().from(users).where(eq(users.role, 'operator'));
  }

  it('is made and mailed at the first start only, and not once an operator exists', async () => {
    const db = await createTestDatabase();
    const admin = unique('Admin');
    try {
      const first = await start(db.databaseUrl, db.dataDir, { ADMIN_EMAIL: admin });
      try {
        expect((await operatorsOf(first)).map((u) => u.email)).toEqual([admin]);
        const mails = await first.database.db
          .select()
          .from(outbox)
          .where(eq(outbox.kind, 'operator-added'));
        expect(mails.map((m) => m.toAddress)).toEqual([admin]);
        expect(mails[0]?.bodyText).toMatch(/\/reset-password\?token=/);
      } finally {
        await first.close();
      }
      // Restarted, and restarted with another address: the operator that exists is enough.
      for (const address of [admin, unique('Other')]) {
        const again = await start(db.databaseUrl, db.dataDir, { ADMIN_EMAIL: address });
        try {
          expect((await operatorsOf(again)).map((u) => u.email)).toEqual([admin]);
          const mails = await again.database.db
            .select()
            .from(outbox)
            .where(eq(outbox.kind, 'operator-added'));
          expect(mails).toHaveLength(1);
        } finally {
          await again.close();
        }
      }
    } finally {
      await db.cleanup();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is made once when two trackers start together on PostgreSQL',
    async () => {
      // An empty schema: both trackers migrate and seed it at once.
      const db = await createTestDatabase({ blank: true });
      const admin = unique('Together');
      try {
        const [one, two] = await Promise.all([
          start(db.databaseUrl, db.dataDir, { ADMIN_EMAIL: admin }),
          start(db.databaseUrl, db.dataDir, { ADMIN_EMAIL: admin }),
        ]);
        try {
          expect(await operatorsOf(one)).toHaveLength(1);
          const mails = await two.database.db
            .select()
            .from(outbox)
            .where(eq(outbox.kind, 'operator-added'));
          expect(mails).toHaveLength(1);
        } finally {
          await one.close();
          await two.close();
        }
      } finally {
        await db.cleanup();
      }
    },
  );
});
