-- The first answer of each sign-up, by the idempotency key the browser sent with it. Written in
-- the same transaction as the account, so a retry after a lost answer (time-out, dropped
-- connection, crash) finds exactly what happened: the account and its answer, or nothing.
CREATE TABLE signup_keys (
  key text PRIMARY KEY,
  fingerprint text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id),
  answer jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signup_keys_created_idx ON signup_keys (created_at);
