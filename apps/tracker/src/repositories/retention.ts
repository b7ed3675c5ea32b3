import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import {
  auditLog,
  emailLinks,
  emailTokens,
  memberSessions,
  outbox,
  passwordResets,
} from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** The statements of the retention schedule: each deletes what the product no longer needs. */
export function retentionRepository(db: Db) {
  return {
    /** Mail sent before `before` (its text names the member; what is unsent stays). */
    async deleteMailSentBefore(before: Date, tx: Db = db): Promise<number> {
      const rows = await tx
        .delete(outbox)
        .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, before)))
        .returning({ id: outbox.id });
      return rows.length;
    },

    /** Sessions idle since `idleBefore` or begun before `begunBefore`: they sign nobody in. */
    async deleteEndedSessions(idleBefore: Date, begunBefore: Date, tx: Db = db): Promise<number> {
      const rows = await tx
        .delete(memberSessions)
        .where(
          or(lt(memberSessions.lastSeenAt, idleBefore), lt(memberSessions.createdAt, begunBefore)),
        )
        .returning({ idHash: memberSessions.idHash });
      return rows.length;
    },

    /** Mailed links (confirmation, password, one-use) that expired before `before`. */
    async deleteLinksExpiredBefore(before: Date, tx: Db = db): Promise<number> {
      const tokens = await tx
        .delete(emailTokens)
        .where(lt(emailTokens.expiresAt, before))
        .returning({ id: emailTokens.id });
      const resets = await tx
        .delete(passwordResets)
        .where(lt(passwordResets.expiresAt, before))
        .returning({ id: passwordResets.id });
      const links = await tx
        .delete(emailLinks)
        .where(lt(emailLinks.expiresAt, before))
        .returning({ id: emailLinks.id });
      return tokens.length + resets.length + links.length;
    },

    /**
     * Audit lines written before `before`. The log refuses every change (a trigger) but this
     * one: a delete in a transaction that says it is the retention schedule's (migration 0022).
     */
    async deleteAuditBefore(before: Date): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('app.audit_retention', 'on', true)`);
        const rows = await tx
          .delete(auditLog)
          .where(lt(auditLog.at, before))
          .returning({ id: auditLog.id });
        return rows.length;
      });
    },
  };
}
