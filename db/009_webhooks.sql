-- Signed webhooks to the sales team's CRM (Standard Webhooks). An endpoint is a receiver's URL,
-- the events it takes and the secret its deliveries are signed with; a delivery is one event for
-- one endpoint, with its payload ({ type, timestamp, data }), and every attempt to send it is
-- logged in webhook_attempts.
--
-- secret: "whsec_" + base64 of 24 random bytes. Shown once, in the answer that created the
-- endpoint; never listed, logged or audited. Deleting the endpoint deletes it.
-- failing_since: the first failed attempt since the last success (cleared by a success); an
-- endpoint failing for 3 days is disabled (enabled = false, disabled_at) and root admins are mailed.
CREATE TABLE webhook_endpoints (
  id               serial PRIMARY KEY,
  url              text NOT NULL CHECK (url ~ '^https?://' AND length(url) <= 2000),
  events           text[] NOT NULL CHECK (
                     cardinality(events) BETWEEN 1 AND 4
                     AND events <@ ARRAY['lead.created', 'lead.updated', 'application.created',
                                         'application.status_changed']::text[]),
  secret           text NOT NULL CHECK (secret ~ '^whsec_[A-Za-z0-9+/]{32,44}={0,2}$'),
  enabled          boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  created_by       integer REFERENCES users (id) ON DELETE SET NULL,
  last_success_at  timestamptz,
  last_failure_at  timestamptz,
  last_failure     text CHECK (length(last_failure) <= 300),
  failing_since    timestamptz,
  disabled_at      timestamptz,
  CHECK (enabled = (disabled_at IS NULL))
);

-- status: pending (next_attempt_at says when), sending (claimed by one run until claimed_until),
-- delivered, or failed (every automatic attempt failed; staff may still send it again).
-- request_id: the request that raised the event, whose own delivery attempt follows its answer.
CREATE TABLE webhook_deliveries (
  id               bigserial PRIMARY KEY,
  endpoint_id      integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  message_id       text NOT NULL UNIQUE CHECK (message_id ~ '^msg_[A-Za-z0-9]{16,64}$'),
  event_type       text NOT NULL CHECK (event_type IN ('lead.created', 'lead.updated',
                                                       'application.created', 'application.status_changed')),
  payload          jsonb NOT NULL CHECK (jsonb_typeof(payload -> 'data') = 'object'),
  status           text NOT NULL DEFAULT 'pending'
                     CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  -- Automatic attempts made (manual ones do not count against the schedule).
  attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at  timestamptz,
  claimed_until    timestamptz,
  -- What the delivery was before a claim, so a manual attempt that fails puts it back.
  claimed_from     text CHECK (claimed_from IN ('pending', 'delivered', 'failed')),
  request_id       text CHECK (length(request_id) <= 100),
  created_at       timestamptz NOT NULL,
  delivered_at     timestamptz,
  CHECK ((status = 'pending') = (next_attempt_at IS NOT NULL)),
  CHECK ((status = 'sending') = (claimed_until IS NOT NULL))
);
-- The scheduled run's claim: due pending deliveries, oldest first.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
-- Claims whose run died (a lease that ran out).
CREATE INDEX webhook_deliveries_sending_idx ON webhook_deliveries (claimed_until) WHERE status = 'sending';
-- An endpoint's deliveries, newest first.
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
-- Retention (RETENTION_WEBHOOK_DELIVERY_DAYS) and the request's own attempt.
CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at);
CREATE INDEX webhook_deliveries_request_idx ON webhook_deliveries (request_id) WHERE status = 'pending';
-- A person's erasure deletes the deliveries that carry their address.
CREATE INDEX webhook_deliveries_email_idx ON webhook_deliveries (lower(payload -> 'data' ->> 'email'));

-- One row per attempt: when, whether the receiver took it (2xx), its HTTP status, the first
-- 1 kB of its answer, or why no answer came.
CREATE TABLE webhook_attempts (
  id             bigserial PRIMARY KEY,
  delivery_id    bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
  attempted_at   timestamptz NOT NULL,
  ok             boolean NOT NULL,
  status_code    integer CHECK (status_code BETWEEN 100 AND 599),
  response_body  text CHECK (octet_length(response_body) <= 1024),
  error          text CHECK (length(error) <= 300),
  duration_ms    integer CHECK (duration_ms >= 0),
  manual         boolean NOT NULL DEFAULT false
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempted_at DESC, id DESC);
