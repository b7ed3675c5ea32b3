-- Held seats: a seat on a team kept for one browser session until it runs out. A hold counts
-- against the team's capacity only while expires_at is in the future, so nothing has to clean up
-- expired rows for the counts to be right.
CREATE TABLE holds (
  id uuid PRIMARY KEY,
  team_id integer NOT NULL REFERENCES teams (id),
  -- Opaque key of the owning session (a hash made by the site; never the session itself).
  owner text NOT NULL,
  expires_at timestamptz NOT NULL,
  extensions integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX holds_team_expiry_idx ON holds (team_id, expires_at);
CREATE INDEX holds_owner_idx ON holds (owner);

CREATE INDEX memberships_team_status_idx ON memberships (team_id, status);

-- A join request with no team yet ('unmatched'): the person signed up while the team list could
-- not be reached; an operator places them on a team, which makes the request 'pending'.
ALTER TABLE join_requests ALTER COLUMN team_id DROP NOT NULL;
ALTER TABLE join_requests ALTER COLUMN membership_id DROP NOT NULL;
ALTER TABLE join_requests DROP CONSTRAINT join_requests_status_check;
ALTER TABLE join_requests ADD CONSTRAINT join_requests_status_check
  CHECK (status IN ('unmatched', 'pending', 'approved', 'declined'));
ALTER TABLE join_requests ADD CONSTRAINT join_requests_team_check
  CHECK ((status = 'unmatched') = (team_id IS NULL) AND (team_id IS NULL) = (membership_id IS NULL));
