-- Foundation: every service records each start-up here (service name, host, version), so an
-- operator can see which services ran against this database and when.
CREATE TABLE service_starts (
  id bigserial PRIMARY KEY,
  service text NOT NULL,
  host text NOT NULL,
  version text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now()
);
