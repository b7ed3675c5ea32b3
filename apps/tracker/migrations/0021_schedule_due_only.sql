-- The schedules on the members' own clocks read only the rows that need them: the database keeps
-- the set of rows whose next time is unknown (next_at IS NULL, found through the due index). A
-- member who becomes Active gets their settings rows (the defaults, next time unknown); an
-- account whose zone changes has its next times cleared, to be worked out again in the new zone.
CREATE FUNCTION member_schedules_start() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reminder_settings (user_id) VALUES (NEW.user_id) ON CONFLICT DO NOTHING;
  INSERT INTO recap_settings (user_id) VALUES (NEW.user_id) ON CONFLICT DO NOTHING;
  INSERT INTO digest_settings (user_id) VALUES (NEW.user_id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_schedules_start AFTER INSERT OR UPDATE OF status ON memberships
  FOR EACH ROW WHEN (NEW.status = 'Active') EXECUTE FUNCTION member_schedules_start();
--> statement-breakpoint
CREATE FUNCTION member_schedules_rezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE reminder_settings SET next_at = NULL WHERE user_id = NEW.id;
  UPDATE recap_settings SET next_at = NULL WHERE user_id = NEW.id;
  UPDATE digest_settings SET next_at = NULL WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_schedules_rezone AFTER UPDATE OF time_zone ON users
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION member_schedules_rezone();
--> statement-breakpoint
-- What the schedules' passes did until now, once: rows for the Active members, next times
-- cleared where they were worked out in another zone than the account's (America/Denver when it
-- has none, the tracker's default).
INSERT INTO reminder_settings (user_id) SELECT DISTINCT user_id FROM memberships WHERE status = 'Active' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO recap_settings (user_id) SELECT DISTINCT user_id FROM memberships WHERE status = 'Active' ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO digest_settings (user_id) SELECT DISTINCT user_id FROM memberships WHERE status = 'Active' ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE reminder_settings s SET next_at = NULL FROM users u WHERE u.id = s.user_id AND s.time_zone IS DISTINCT FROM coalesce(u.time_zone, 'America/Denver');
--> statement-breakpoint
UPDATE recap_settings s SET next_at = NULL FROM users u WHERE u.id = s.user_id AND s.time_zone IS DISTINCT FROM coalesce(u.time_zone, 'America/Denver');
--> statement-breakpoint
UPDATE digest_settings s SET next_at = NULL FROM users u WHERE u.id = s.user_id AND s.time_zone IS DISTINCT FROM coalesce(u.time_zone, 'America/Denver');
