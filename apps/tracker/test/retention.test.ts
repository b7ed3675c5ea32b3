import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailLinks, memberSessions, outbox, passwordResets } from '../src/db/schema.ts';
import { OUTBOX_FILES_SUBDIR } from '../src/services/retention.ts';
import { signUp, type TestTracker, testTracker } from './helpers.ts';

const DAY = 86_400_000;
const NOW = new Date('2026-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/*
 * The retention schedule, through the tracker's own pass (app.retention.run, what its timer
 * calls), on each store: rows just past their limit go, rows just inside it stay.
 */
describe('retention: what the product no longer needs is deleted on a schedule', () => {
  let t: TestTracker;
  beforeAll(async () => {
    t = await testTracker({
      now: () => NOW,
      env: { AUDIT_RETENTION_DAYS: '10', MAIL_RETENTION_DAYS: '30' },
    });
  });
  afterAll(() => t?.close());

  it('deletes sent mail, ended sessions, long-expired links and old audit lines, and keeps the rest', async () => {
    const { db } = t.app.database;
    const member = await signUp(t);
    const mail = (subject: string, sentAt: Date | null) => ({
      kind: 'test',
      toAddress: 'someone@example.org',
      subject,
      bodyText: 'Hello',
      createdAt: ago(40 * DAY),
      nextAttemptAt: sentAt ?? NOW,
      sentAt,
    });
    await db
      .insert(outbox)
      .values([
        mail('sent long ago', ago(31 * DAY)),
        mail('sent lately', ago(29 * DAY)),
        mail('never sent', null),
      ]);
    const session = (idHash: string, createdAt: Date, lastSeenAt: Date) => ({
      idHash,
      userId: member.id,
      data: {},
      createdAt,
      lastSeenAt,
    });
    await db
      .insert(memberSessions)
      .values([
        session('idle', ago(2 * 3_600_000), ago(31 * 60_000)),
        session('too-old', ago(13 * 3_600_000), ago(60_000)),
        session('live', ago(3_600_000), ago(60_000)),
      ]);
    const link = (tokenHash: string, expiresAt: Date) => ({
      userId: member.id,
      purpose: 'unsubscribe' as const,
      tokenHash,
      expiresAt,
    });
    await db
      .insert(emailLinks)
      .values([link('expired-8-days', ago(8 * DAY)), link('expired-yesterday', ago(DAY))]);
    await db.insert(passwordResets).values([
      { userId: member.id, tokenHash: 'reset-old', expiresAt: ago(8 * DAY) },
      { userId: member.id, tokenHash: 'reset-new', expiresAt: ago(-DAY) },
    ]);
    const line = (target: string, at: Date) => ({ operatorId: 1, action: 'test', target, at });
    await db
      .insert(auditLog)
      .values([line('eleven days', ago(11 * DAY)), line('nine days', ago(9 * DAY))]);
    const outboxDir = path.join(t.db.dataDir, OUTBOX_FILES_SUBDIR);
    await mkdir(outboxDir, { recursive: true });
    for (const [name, age] of [
      ['000001-old.eml', 31 * DAY],
      ['000002-new.eml', 29 * DAY],
    ] as const) {
      await writeFile(path.join(outboxDir, name), 'mail');
      await utimes(path.join(outboxDir, name), ago(age), ago(age));
    }

    const report = await t.app.retention.run();

    expect(report).toMatchObject({ sentMail: 1, mailFiles: 1, sessions: 2, auditLines: 1 });
    expect(report.links).toBeGreaterThanOrEqual(2);
    const subjects = (await db.select().from(outbox)).map((row) => row.subject);
    expect(subjects).toEqual(expect.arrayContaining(['sent lately', 'never sent']));
    expect(subjects).not.toContain('sent long ago');
    const sessions = await db
      .select({ idHash: memberSessions.idHash })
      .from(memberSessions)
      .where(eq(memberSessions.userId, member.id));
    expect(sessions.map((row) => row.idHash)).toEqual(['live']);
    const links = await db
      .select({ tokenHash: emailLinks.tokenHash })
      .from(emailLinks)
      .where(eq(emailLinks.userId, member.id));
    expect(links.map((row) => row.tokenHash)).toEqual(['expired-yesterday']);
    const resets = await db
      .select({ tokenHash: passwordResets.tokenHash })
      .from(passwordResets)
      .where(eq(passwordResets.userId, member.id));
    expect(resets.map((row) => row.tokenHash)).toEqual(['reset-new']);
    const audit = await db.select({ target: auditLog.target }).from(auditLog);
    expect(audit.map((row) => row.target)).toContain('nine days');
    expect(audit.map((row) => row.target)).not.toContain('eleven days');
    const files = await readdir(outboxDir);
    expect(files).toContain('000002-new.eml');
    expect(files).not.toContain('000001-old.eml');
    // Outside the retention pass the audit log still refuses any change.
    await expect(db.delete(auditLog)).rejects.toThrow();

    // A second pass finds nothing more to delete, and the schedule's passes are counted.
    expect(await t.app.retention.run()).toEqual({
      sentMail: 0,
      mailFiles: 0,
      sessions: 0,
      links: 0,
      auditLines: 0,
    });
    const metrics = await t.app.metrics.registry.metrics();
    expect(metrics).toMatch(/tracker_schedule_runs_total\{schedule="retention",outcome="ok"\} 2/);
  });

  it('refuses a retention that is not a positive number of days', async () => {
    await expect(testTracker({ env: { AUDIT_RETENTION_DAYS: '0' } })).rejects.toThrow(
      /AUDIT_RETENTION_DAYS/,
    );
  });
});
