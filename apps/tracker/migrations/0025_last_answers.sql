CREATE TABLE "last_answers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"day" date
);
--> statement-breakpoint
ALTER TABLE "last_answers" ADD CONSTRAINT "last_answers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "last_answers_quiet_idx" ON "last_answers" USING btree (coalesce("day", '0001-01-01'::date),"user_id");--> statement-breakpoint
-- Each member's last answered day, kept as check-ins are written and deleted: once per statement,
-- from the rows it wrote (a bulk insert updates each member's row once). A delete, or a check-in
-- moved to another day, reads the member's latest remaining day through the (user_id, day) index;
-- a member's row already gone with their account is left alone.
CREATE FUNCTION last_answers_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE last_answers la
      SET day = (SELECT max(c.day) FROM check_ins c WHERE c.user_id = la.user_id)
      WHERE la.user_id IN (SELECT o.user_id FROM old_rows o);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO last_answers (user_id, day)
      SELECT n.user_id, max(n.day) FROM new_rows n GROUP BY n.user_id
      ON CONFLICT (user_id) DO UPDATE SET day = greatest(last_answers.day, EXCLUDED.day);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER last_answers_insert AFTER INSERT ON check_ins
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION last_answers_keep();
--> statement-breakpoint
CREATE TRIGGER last_answers_update AFTER UPDATE ON check_ins
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION last_answers_keep();
--> statement-breakpoint
CREATE TRIGGER last_answers_delete AFTER DELETE ON check_ins
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION last_answers_keep();
--> statement-breakpoint
-- A member who becomes Active has a row at once, answered or not, so the quiet members' reads
-- find everyone who could be quiet in the one index.
CREATE FUNCTION last_answers_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO last_answers (user_id, day)
    VALUES (NEW.user_id, (SELECT max(c.day) FROM check_ins c WHERE c.user_id = NEW.user_id))
    ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER last_answers_start AFTER INSERT OR UPDATE OF status ON memberships
  FOR EACH ROW WHEN (NEW.status = 'Active') EXECUTE FUNCTION last_answers_start();
--> statement-breakpoint
-- The rows of the members there are, once.
INSERT INTO last_answers (user_id, day) SELECT user_id, max(day) FROM check_ins GROUP BY user_id;
--> statement-breakpoint
INSERT INTO last_answers (user_id) SELECT DISTINCT user_id FROM memberships WHERE status = 'Active' ON CONFLICT DO NOTHING;
