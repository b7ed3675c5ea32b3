import type { AuditAction } from '@app/contracts';
import { auditLog } from '../db/schema.ts';
import type { Db } from '../db/types.ts';

/** The audit log: appended to in each operator action's transaction, read by the console. */
export function auditLogRepository(db: Db) {
  return {
    async append(
      values: {
        operatorId: number;
        action: AuditAction;
        target: string;
        before: unknown;
        after: unknown;
      },
      tx: Db = db,
    ) {
      await tx.insert(auditLog).values(values);
    },
  };
}
