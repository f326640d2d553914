-- Calls booked by buyers with a lead's owner (src/server/contact/booking.ts).
--
-- staff_availability: a staff member's own week, in their time zone. weekly holds seven lists
-- (Monday first) of {"start":"HH:MM","end":"HH:MM"}; an end at or before its start runs past
-- midnight into the next day (18:30-02:30). days_off: local dates. calendar_token: the secret
-- of their private calendar feed (/api/calendar/{token}.ics), renewed at will.
CREATE TABLE staff_availability (
  user_id          integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  time_zone        text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
  weekly           jsonb NOT NULL DEFAULT '[[],[],[],[],[],[],[]]',
  days_off         date[] NOT NULL DEFAULT '{}',
  meeting_minutes  integer NOT NULL DEFAULT 30 CHECK (meeting_minutes BETWEEN 10 AND 240),
  buffer_minutes   integer NOT NULL DEFAULT 0 CHECK (buffer_minutes BETWEEN 0 AND 120),
  calendar_token   text NOT NULL UNIQUE CHECK (length(calendar_token) BETWEEN 32 AND 64),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

-- One row per booked call. blocked is the owner's busy time: the call and the owner's buffer after
-- it. Exactly one booking wins a slot, however many arrive at once: the exclusion constraint
-- refuses two live meetings of one owner whose blocked times overlap. The owner's id is compared
-- as a one-point range (range equality is a GiST operator of core PostgreSQL), so the constraint
-- needs no extension (btree_gist) on PGlite, PostgreSQL or Neon.
CREATE TABLE meetings (
  id               serial PRIMARY KEY,
  inquiry_id       integer NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  owner_id         integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  starts_at        timestamptz NOT NULL,
  ends_at          timestamptz NOT NULL,
  blocked_until    timestamptz NOT NULL,
  time_zone        text NOT NULL CHECK (length(time_zone) BETWEEN 1 AND 64),
  -- 'visit': booked on /ack right after the form; 'link': from the acknowledgement mail's link.
  booked_via       text NOT NULL CHECK (booked_via IN ('visit', 'link')),
  uid              text NOT NULL UNIQUE,
  sequence         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now(),
  cancelled_at     timestamptz,
  reminded_day_at  timestamptz,
  reminded_hour_at timestamptz,
  CHECK (starts_at < ends_at AND ends_at <= blocked_until),
  CONSTRAINT meetings_no_overlap EXCLUDE USING gist (
    int4range(owner_id, owner_id, '[]') WITH =,
    tstzrange(starts_at, blocked_until) WITH &&
  ) WHERE (cancelled_at IS NULL)
);
-- A buyer books one call per lead at a time.
CREATE UNIQUE INDEX meetings_one_live_per_lead ON meetings (inquiry_id) WHERE cancelled_at IS NULL;
CREATE INDEX meetings_owner_idx ON meetings (owner_id, starts_at) WHERE cancelled_at IS NULL;
-- The reminders' scan: live calls still ahead.
CREATE INDEX meetings_upcoming_idx ON meetings (starts_at) WHERE cancelled_at IS NULL;

ALTER TABLE inquiry_events DROP CONSTRAINT IF EXISTS inquiry_events_kind_check;
ALTER TABLE inquiry_events ADD CONSTRAINT inquiry_events_kind_check
  CHECK (kind IN ('note', 'stage', 'owner', 'merge', 'meeting'));

-- Webhook events of booked and cancelled calls.
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check CHECK (
  cardinality(events) BETWEEN 1 AND 7
  AND events <@ ARRAY['lead.created', 'lead.updated', 'application.created', 'application.status_changed',
                      'person.erased', 'meeting.booked', 'meeting.cancelled']::text[]);
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_type_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_type_check CHECK (
  event_type IN ('lead.created', 'lead.updated', 'application.created', 'application.status_changed',
                 'person.erased', 'meeting.booked', 'meeting.cancelled'));
