import { and, asc, count, desc, eq, gte, inArray, isNull, lte, max, min, sql } from 'drizzle-orm';
import { type MailAttachment, outbox } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

export type { MailAttachment };

export interface OutgoingMail {
  kind:
    | 'booking-confirmation'
    | 'email-confirmation'
    | 'join-approved'
    | 'join-declined'
    | 'join-request-issue'
    | 'join-request-unmatched'
    | 'password-reset'
    | 'operator-added'
    | 'second-factor-reset'
    | 'passkey-added'
    | 'passkey-removed'
    | 'account-deleted'
    | 'team-left'
    | 'nudge'
    | 'reminder'
    | 'quiet-member'
    | 'quiet-message'
    | 'seat-freed'
    | 'recap'
    | 'digest'
    /** Not a mail: a job (services/push.ts) that sends a reminder to one push subscription. */
    | 'reminder-push'
    /** Not a mail: a job (`Mailer.handle`) that mails a reset link if the address has an account. */
    | 'password-reset-request';
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** Extra header lines, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /** Not sent before this (a decision that can still be undone); now when left out. */
  dueAt?: Date;
}

export type OutboxRow = typeof outbox.$inferSelect;

/** `now` is the tracker's clock: mail is due from the moment its cause commits. */
export function outboxRepository(db: Db, now: () => Date = () => new Date()) {
  return {
    /** Call with the transaction of the change that causes the mail, so both commit or neither. */
    async enqueue(mail: OutgoingMail, tx: Db = db) {
      const [row] = await tx
        .insert(outbox)
        .values({
          kind: mail.kind,
          toAddress: mail.to,
          subject: mail.subject,
          bodyText: mail.text,
          createdAt: now(),
          attachments: mail.attachments?.length ? mail.attachments : null,
          headers: mail.headers && Object.keys(mail.headers).length > 0 ? mail.headers : null,
          nextAttemptAt: mail.dueAt ?? now(),
        })
        .returning({ id: outbox.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    /** Removes mail of `kind` to `to` queued since `since` that has not gone out; how many. */
    async discardUnsent(kind: OutgoingMail['kind'], to: string, since: Date, tx: Db = db) {
      const removed = await tx
        .delete(outbox)
        .where(
          and(
            eq(outbox.kind, kind),
            eq(outbox.toAddress, to),
            gte(outbox.createdAt, since),
            isNull(outbox.sentAt),
          ),
        )
        .returning({ id: outbox.id });
      return removed.length;
    },

    /**
     * Leases due mail to this process until `leaseUntil`: sending happens outside any transaction,
     * and a process that dies mid-send leaves mail that is simply due again when the lease ends.
     * SKIP LOCKED lets several trackers on one PostgreSQL share the queue.
     */
    async lease(now: Date, leaseUntil: Date, limit: number) {
      return db.transaction(async (tx) => {
        const due = await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now)))
          .orderBy(asc(outbox.id))
          .limit(limit)
          .for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx
          .update(outbox)
          .set({ nextAttemptAt: leaseUntil, attempts: sql`${outbox.attempts} + 1` })
          .where(
            inArray(
              outbox.id,
              due.map((d) => d.id),
            ),
          )
          .returning();
      });
    },

    /** Mail not sent yet (held, due, being sent or failing) and when the oldest was queued. */
    async backlog() {
      const [row] = await db
        .select({ unsent: count(), oldest: min(outbox.createdAt) })
        .from(outbox)
        .where(isNull(outbox.sentAt));
      return { unsent: row?.unsent ?? 0, oldest: row?.oldest ?? null };
    },

    async markSent(id: number, at: Date, tx: Db = db) {
      await tx.update(outbox).set({ sentAt: at }).where(eq(outbox.id, id));
    },

    async markFailed(id: number, error: string, retryAt: Date, tx: Db = db) {
      await tx
        .update(outbox)
        .set({ lastError: error.slice(0, 1000), nextAttemptAt: retryAt })
        .where(eq(outbox.id, id));
    },

    /** How many messages of a kind went to an address since `since`, and when the last one did. */
    async sentTo(kind: OutgoingMail['kind'], to: string, since: Date, tx: Db = db) {
      const [row] = await tx
        .select({ count: count(), last: max(outbox.createdAt) })
        .from(outbox)
        .where(
          and(
            eq(outbox.kind, kind),
            sql`lower(${outbox.toAddress}) = lower(${to})`,
            gte(outbox.createdAt, since),
          ),
        );
      return { count: row?.count ?? 0, last: row?.last ?? null };
    },

    /** The mails of `kinds` to `addresses` (lower case), newest first. */
    async latestTo(kinds: string[], addresses: string[], tx: Db = db) {
      return tx
        .select({ to: outbox.toAddress, kind: outbox.kind, at: outbox.createdAt })
        .from(outbox)
        .where(
          and(
            inArray(outbox.kind, kinds),
            inArray(
              sql`lower(${outbox.toAddress})`,
              addresses.map((a) => a.toLowerCase()),
            ),
          ),
        )
        .orderBy(desc(outbox.createdAt), desc(outbox.id));
    },

    async all(tx: Db = db) {
      return tx.select().from(outbox).orderBy(asc(outbox.id));
    },
  };
}
