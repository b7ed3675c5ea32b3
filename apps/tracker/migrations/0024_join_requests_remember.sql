ALTER TABLE "join_requests" ADD COLUMN "asked_team_id" integer;--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "focus_area_id" integer;--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "focus_role_id" integer;--> statement-breakpoint
ALTER TABLE "join_requests" ADD COLUMN "placed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_asked_team_id_fkey" FOREIGN KEY ("asked_team_id") REFERENCES "teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_focus_area_id_fkey" FOREIGN KEY ("focus_area_id") REFERENCES "focus_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_focus_role_id_fkey" FOREIGN KEY ("focus_role_id") REFERENCES "role_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "join_requests_waiting_idx" ON "join_requests" USING btree ("focus_area_id","focus_role_id","id") WHERE status = 'unmatched';--> statement-breakpoint
UPDATE "join_requests" SET "focus_area_id" = "teams"."focus_area_id", "focus_role_id" = "teams"."focus_role_id" FROM "teams" WHERE "teams"."id" = "join_requests"."team_id";--> statement-breakpoint
UPDATE "join_requests" SET "placed_at" = "placed"."at" FROM (SELECT "target", max("at") AS "at" FROM "audit_log" WHERE "action" = 'join-request.placed' GROUP BY "target") AS "placed" WHERE "placed"."target" = 'join-request:' || "join_requests"."id" AND "join_requests"."status" <> 'unmatched';--> statement-breakpoint
UPDATE "join_requests" SET "asked_team_id" = "team_id" WHERE "placed_at" IS NULL AND "team_id" IS NOT NULL;
