-- The audit log stays append-only, but for the retention schedule: a DELETE in a transaction that
-- set app.audit_retention to 'on' (set_config(..., true), so for that transaction only).
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('app.audit_retention', true) = 'on' THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
