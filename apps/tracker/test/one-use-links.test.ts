import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  findLink,
  type LinkKind,
  type LinkRow,
  makeLink,
  ONE_USE_LINKS,
  useLink,
} from '../src/services/one-use-links.ts';
import { testClock } from './door.ts';
import { userRow, useTestTracker } from './helpers.ts';

const clock = testClock('2026-11-02T17:00:00Z');
const t = useTestTracker({ now: clock.now });

let made = 0;
async function account() {
  made += 1;
  return t.app.repos.users.insert({
    email: `one-use-${made}-${process.pid}@example.org`,
    passwordHash: 'not used',
    name: `One Use ${made}`,
  });
}

const HOUR = 3_600_000;

/** A link of `kind` for a new account, working for an hour from the clock's now. */
async function linkOf<Row extends LinkRow, Made>(kind: LinkKind<Row, Made>, made: Made) {
  const user = await account();
  const token = await t.app.database.db.transaction((tx) =>
    makeLink(t.app, tx, kind, {
      userId: user.id,
      expiresAt: new Date(clock.ms + HOUR),
      ...made,
    }),
  );
  return { user, token };
}

/** Confirms the account's address in the link's transaction: a visible effect of using it. */
const confirm = (link: LinkRow, tx: Parameters<Parameters<typeof useLink>[3]>[1]) =>
  t.app.repos.users.confirmEmail(link.userId, clock.now(), tx);

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'acted',
    (error: { code?: string }) => error.code,
  );

describe('one-use mailed links', () => {
  it('act once: a second use is refused as used and does nothing', async () => {
    const { user, token } = await linkOf(ONE_USE_LINKS.emailConfirmation, {});
    expect((await findLink(t.app, ONE_USE_LINKS.emailConfirmation, token))?.state).toBe('ready');
    let acted = 0;
    const use = () =>
      useLink(t.app, ONE_USE_LINKS.emailConfirmation, token, async (link, tx) => {
        acted += 1;
        await confirm(link, tx);
        return link.userId;
      });
    expect(await use()).toBe(user.id);
    expect(await refusal(use())).toBe('TOKEN_USED');
    expect(acted).toBe(1);
    expect((await findLink(t.app, ONE_USE_LINKS.emailConfirmation, token))?.state).toBe('used');
  });

  it('expire: once past its time a link is refused as expired, does nothing and is not spent', async () => {
    const { user, token } = await linkOf(ONE_USE_LINKS.passwordSet, {});
    clock.at(clock.ms + HOUR);
    try {
      expect((await findLink(t.app, ONE_USE_LINKS.passwordSet, token))?.state).toBe('expired');
      expect(await refusal(useLink(t.app, ONE_USE_LINKS.passwordSet, token, confirm))).toBe(
        'TOKEN_EXPIRED',
      );
      expect((await userRow(t, user.id)).emailConfirmedAt).toBeNull();
      const found = await findLink(t.app, ONE_USE_LINKS.passwordSet, token);
      expect(found?.link.usedAt).toBeNull();
    } finally {
      clock.at('2026-11-02T17:00:00Z');
    }
  });

  it('of two uses at once, exactly one acts and the other is refused as used', async () => {
    const { token } = await linkOf(ONE_USE_LINKS.quietAnswer, {
      purpose: 'quiet-back',
      localDate: null,
    });
    let acted = 0;
    const use = () =>
      useLink(t.app, ONE_USE_LINKS.quietAnswer, token, async (link, tx) => {
        acted += 1;
        // Holds the first use's transaction open while the second arrives.
        await sleep(100);
        await confirm(link, tx);
      });
    const outcomes = await Promise.all([refusal(use()), refusal(use())]);
    expect(outcomes.sort()).toEqual(['TOKEN_USED', 'acted']);
    expect(acted).toBe(1);
  });

  it('are used in the transaction of what they do: an action that fails leaves the link ready and changes nothing', async () => {
    const { user, token } = await linkOf(ONE_USE_LINKS.checkIn, {
      purpose: 'check-in-yes',
      localDate: '2026-11-02',
    });
    const failing = useLink(t.app, ONE_USE_LINKS.checkIn, token, async (link, tx) => {
      await confirm(link, tx);
      throw new Error('the answer was refused');
    });
    await expect(failing).rejects.toThrow('the answer was refused');
    expect((await userRow(t, user.id)).emailConfirmedAt).toBeNull();
    expect((await findLink(t.app, ONE_USE_LINKS.checkIn, token))?.state).toBe('ready');
    await useLink(t.app, ONE_USE_LINKS.checkIn, token, confirm);
    expect((await userRow(t, user.id)).emailConfirmedAt).not.toBeNull();
  });

  it('do only what their kind does: a link of another kind is not found and stays usable', async () => {
    const checkIn = await linkOf(ONE_USE_LINKS.checkIn, {
      purpose: 'check-in-no',
      localDate: '2026-11-02',
    });
    const reset = await linkOf(ONE_USE_LINKS.passwordSet, {});
    const confirmation = await linkOf(ONE_USE_LINKS.emailConfirmation, {});
    const tries = [
      [ONE_USE_LINKS.quietAnswer, checkIn.token],
      [ONE_USE_LINKS.emailConfirmation, reset.token],
      [ONE_USE_LINKS.passwordSet, confirmation.token],
      [ONE_USE_LINKS.checkIn, reset.token],
    ] as const;
    for (const [kind, token] of tries) {
      expect(await findLink(t.app, kind, token)).toBeNull();
      expect(await refusal(useLink(t.app, kind, token, confirm))).toBe('TOKEN_NOT_FOUND');
    }
    expect(await refusal(useLink(t.app, ONE_USE_LINKS.checkIn, 'x'.repeat(43), confirm))).toBe(
      'TOKEN_NOT_FOUND',
    );
    for (const [kind, { token, user }] of [
      [ONE_USE_LINKS.checkIn, checkIn],
      [ONE_USE_LINKS.passwordSet, reset],
      [ONE_USE_LINKS.emailConfirmation, confirmation],
    ] as const) {
      expect((await userRow(t, user.id)).emailConfirmedAt).toBeNull();
      expect((await findLink(t.app, kind, token))?.state).toBe('ready');
    }
  });
});
