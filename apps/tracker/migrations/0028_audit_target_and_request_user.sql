-- The home reads a member's own lines: the newest of their audit lines that freed their seat or
-- gave it back, and their latest join request. Without an index that starts with the person, each
-- was found by reading the whole table from its newest row (most members have no such line).
DROP INDEX "join_requests_user_idx";--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target","id");--> statement-breakpoint
CREATE INDEX "join_requests_user_idx" ON "join_requests" USING btree ("user_id","id");