import type { AuditAction } from '@app/contracts';
import type { Db } from '../db/types.ts';
import { auditLogRepository } from '../repositories/audit-log.ts';
import type { ActionRecorder } from './join-requests.ts';

/**
 * The audit log's writing side: every operator action (join requests, teams, calls, operators,
 * second factors) appends its line here, in the action's own transaction, so the line and the
 * change commit or roll back together. The log is append-only; the console reads it
 * (audit-page.ts).
 */

/**
 * Appends one line to the audit log, in the action's transaction. `at` is the tracker's clock where
 * a line's time decides something (the membership reads when a seat was freed); otherwise the
 * database's.
 */
export async function recordAction(
  tx: Db,
  operatorId: number,
  action: AuditAction,
  target: string,
  before: unknown,
  after: unknown,
  at?: Date,
) {
  await auditLogRepository(tx).append({ operatorId, action, target, before, after, at });
}

/** What records an operator's action on a join request in the audit log. */
export function auditJoinRequest(
  operatorId: number,
  action: AuditAction,
  id: number,
): ActionRecorder {
  return (tx, before, after) =>
    recordAction(tx, operatorId, action, `join-request:${id}`, before, after);
}
