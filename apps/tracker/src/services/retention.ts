import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { MEMBER_SESSION_ABSOLUTE_HOURS, MEMBER_SESSION_IDLE_MINUTES } from '@app/contracts';
import { yieldToLoop } from '../schedule.ts';
import type { TrackerContext } from './context.ts';

/** The folder the outbox writes mail into when no SMTP_URL is set (`<dataDir>/outbox`). */
export const OUTBOX_FILES_SUBDIR = 'outbox';

/**
 * How long an expired mailed link is kept: for a week its page still says it has expired, rather
 * than that it is unknown.
 */
export const EXPIRED_LINK_KEEP_MS = 7 * 86_400_000;

/** What one pass deleted, by kind. */
export interface RetentionReport {
  sentMail: number;
  mailFiles: number;
  sessions: number;
  links: number;
  auditLines: number;
}

const DAY_MS = 86_400_000;

/**
 * One pass of the retention schedule: deletes what the product no longer needs. Sent mail
 * (rows and the outbox's .eml files) past MAIL_RETENTION_DAYS, sessions past their idle or
 * absolute limit, mailed links a week after they expired, audit lines past AUDIT_RETENTION_DAYS;
 * then, on PGlite, a light vacuum of every table. Every statement stands alone, so trackers
 * sharing a database may run passes at once.
 */
export async function runRetention(ctx: TrackerContext): Promise<RetentionReport> {
  const { now, mailRetentionDays, auditRetentionDays, dataDir } = ctx.trackerConfig;
  const at = now().getTime();
  const { retention } = ctx.repos;
  const mailBefore = new Date(at - mailRetentionDays * DAY_MS);
  const report = {
    sentMail: await retention.deleteMailSentBefore(mailBefore),
    mailFiles: await deleteFilesBefore(path.join(dataDir, OUTBOX_FILES_SUBDIR), mailBefore),
    sessions: await retention.deleteEndedSessions(
      new Date(at - MEMBER_SESSION_IDLE_MINUTES * 60_000),
      new Date(at - MEMBER_SESSION_ABSOLUTE_HOURS * 3_600_000),
    ),
    links: await retention.deleteLinksExpiredBefore(new Date(at - EXPIRED_LINK_KEEP_MS)),
    auditLines: await retention.deleteAuditBefore(new Date(at - auditRetentionDays * DAY_MS)),
  };
  // On PGlite, which has no autovacuum: what the pass deleted and the hour's writes, table by
  // table with turns between (db/upkeep.ts). PostgreSQL's autovacuum does it there.
  await ctx.database.vacuum?.('light', { turn: yieldToLoop });
  return report;
}

/** Deletes the mail files in `dir` last written before `before`; none when there is no folder. */
async function deleteFilesBefore(dir: string, before: Date): Promise<number> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  let deleted = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info || info.mtimeMs >= before.getTime()) continue;
    await unlink(file).catch(() => {});
    deleted += 1;
  }
  return deleted;
}
