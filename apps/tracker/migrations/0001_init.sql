-- Tracker schema. Applied in order by src/db/migrate.ts, on PGlite and PostgreSQL alike.

CREATE TABLE focus_areas (
  id integer PRIMARY KEY,
  name text NOT NULL,
  description text
);

CREATE TABLE role_areas (
  id integer PRIMARY KEY,
  name text NOT NULL,
  description text
);

CREATE TABLE focus_area_roles (
  focus_area_id integer NOT NULL REFERENCES focus_areas (id),
  role_area_id integer NOT NULL REFERENCES role_areas (id),
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (focus_area_id, role_area_id)
);

CREATE TABLE teams (
  id serial PRIMARY KEY,
  name text NOT NULL,
  focus_area_id integer REFERENCES focus_areas (id),
  focus_role_id integer REFERENCES role_areas (id),
  capacity integer NOT NULL DEFAULT 6 CHECK (capacity > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  email_confirmed_at timestamptz,
  password_hash text NOT NULL,
  name text NOT NULL,
  image text,
  about text,
  goal_summary text,
  status text NOT NULL DEFAULT 'Active' CHECK (status IN ('Active', 'Pending', 'Inactive')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

CREATE TABLE memberships (
  id serial PRIMARY KEY,
  team_id integer NOT NULL REFERENCES teams (id),
  user_id integer NOT NULL REFERENCES users (id),
  status text NOT NULL CHECK (status IN ('Active', 'Pending', 'Inactive')),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (team_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships (user_id);

CREATE TABLE join_requests (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  team_id integer NOT NULL REFERENCES teams (id),
  membership_id integer NOT NULL REFERENCES memberships (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX join_requests_status_idx ON join_requests (status, id);

CREATE TABLE email_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bookings (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  category text NOT NULL,
  slot_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE feedback (
  id serial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  feedback text NOT NULL,
  category text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE onboarding_selections (
  id serial PRIMARY KEY,
  category text NOT NULL,
  focus_area text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  body_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  sent_at timestamptz
);
CREATE INDEX outbox_unsent_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL;
