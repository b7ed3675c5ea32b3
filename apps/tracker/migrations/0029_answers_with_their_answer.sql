-- A member's answers (their days, and whether each was a Yes) are read whole for the home's
-- streaks and through windows for the schedules, always by (user_id, day). With the answer in the
-- unique key's index as well, those reads need not visit the table, once its pages are marked
-- all-visible (autovacuum on PostgreSQL; on PGlite, src/db/upkeep.ts). The key's columns are
-- unchanged, so ON CONFLICT (user_id, day) finds it as before. drizzle's schema cannot say
-- INCLUDE: schema.ts keeps the plain unique key, which is what the constraint enforces.
ALTER TABLE "check_ins" DROP CONSTRAINT "check_ins_user_id_day_key";--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_day_key" UNIQUE ("user_id", "day") INCLUDE ("done");
