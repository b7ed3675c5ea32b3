CREATE TABLE "quiet_listings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"team_id" integer,
	"days" integer DEFAULT 0 NOT NULL,
	"since" date,
	"listed" boolean DEFAULT false NOT NULL,
	"scored_at" timestamp with time zone,
	"fresh_until" timestamp with time zone DEFAULT '-infinity'::timestamptz NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiet_listings" ADD CONSTRAINT "quiet_listings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quiet_listings_fresh_idx" ON "quiet_listings" USING btree ("fresh_until");--> statement-breakpoint
CREATE INDEX "quiet_listings_scored_idx" ON "quiet_listings" USING btree ("scored_at");--> statement-breakpoint
CREATE INDEX "quiet_listings_page_idx" ON "quiet_listings" USING btree ("days" DESC NULLS LAST,"user_id") WHERE "quiet_listings"."listed";--> statement-breakpoint
-- A member's kept quiet spell is worked out again (stale: fresh_until -infinity) when anything it
-- was worked out from changes. The member's id is in the column the trigger names. A row written
-- or changed makes the member's row if they have none yet (the schedule drops the rows of those
-- not Active on a team); a row deleted only marks an existing one, so a cascade from a deleted
-- account adds nothing.
CREATE FUNCTION quiet_listings_stale() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    member := (to_jsonb(OLD) ->> TG_ARGV[0])::integer;
    UPDATE quiet_listings SET fresh_until = '-infinity' WHERE user_id = member;
  ELSE
    member := (to_jsonb(NEW) ->> TG_ARGV[0])::integer;
    IF member IS NOT NULL THEN
      INSERT INTO quiet_listings (user_id) VALUES (member)
        ON CONFLICT (user_id) DO UPDATE SET fresh_until = '-infinity';
    END IF;
    IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0])::integer IS DISTINCT FROM member THEN
      UPDATE quiet_listings SET fresh_until = '-infinity'
        WHERE user_id = (to_jsonb(OLD) ->> TG_ARGV[0])::integer;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER quiet_listings_memberships AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION quiet_listings_stale('user_id');
--> statement-breakpoint
CREATE TRIGGER quiet_listings_users AFTER UPDATE OF status, time_zone ON users
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION quiet_listings_stale('id');
--> statement-breakpoint
-- The spell starts after the last answer: answers before it change nothing.
CREATE TRIGGER quiet_listings_answer_insert AFTER INSERT OR DELETE ON last_answers
  FOR EACH ROW EXECUTE FUNCTION quiet_listings_stale('user_id');
--> statement-breakpoint
CREATE TRIGGER quiet_listings_answer_update AFTER UPDATE ON last_answers
  FOR EACH ROW WHEN (OLD.day IS DISTINCT FROM NEW.day) EXECUTE FUNCTION quiet_listings_stale('user_id');
--> statement-breakpoint
CREATE TRIGGER quiet_listings_pauses AFTER INSERT OR UPDATE OR DELETE ON pauses
  FOR EACH ROW EXECUTE FUNCTION quiet_listings_stale('user_id');
--> statement-breakpoint
CREATE TRIGGER quiet_listings_pause_starts AFTER INSERT OR UPDATE OR DELETE ON pause_starts
  FOR EACH ROW EXECUTE FUNCTION quiet_listings_stale('user_id');
--> statement-breakpoint
CREATE TRIGGER quiet_listings_backs AFTER UPDATE OF back_on OR DELETE ON quiet_spells
  FOR EACH ROW EXECUTE FUNCTION quiet_listings_stale('user_id');
--> statement-breakpoint
CREATE TRIGGER quiet_listings_weekdays_insert AFTER INSERT OR DELETE ON reminder_settings
  FOR EACH ROW EXECUTE FUNCTION quiet_listings_stale('user_id');
--> statement-breakpoint
CREATE TRIGGER quiet_listings_weekdays_update AFTER UPDATE OF weekdays ON reminder_settings
  FOR EACH ROW WHEN (OLD.weekdays IS DISTINCT FROM NEW.weekdays)
  EXECUTE FUNCTION quiet_listings_stale('user_id');
--> statement-breakpoint
-- An approval sets the first day on the team the spell counts from.
CREATE TRIGGER quiet_listings_approvals AFTER INSERT OR UPDATE OF decided_at, team_id, status ON join_requests
  FOR EACH ROW EXECUTE FUNCTION quiet_listings_stale('user_id');
--> statement-breakpoint
-- Every Active member there is, to be worked out on the first pass.
INSERT INTO quiet_listings (user_id) SELECT DISTINCT user_id FROM memberships WHERE status = 'Active';
