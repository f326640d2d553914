-- Leads pipeline and the staff audit trail.
--
-- Pipeline: every lead has a stage (New, Contacted, Qualified, Proposal sent, Won, Lost) and at
-- most one owner among the staff. A lead marked handled before stages existed becomes Contacted,
-- and who handled it, and when, moves into its timeline: nothing is lost. The handled flag stays,
-- kept equal to "stage is not New" by a trigger, for the readers of the handled filter.

ALTER TABLE inquiries ADD COLUMN stage text NOT NULL DEFAULT 'New'
  CHECK (stage IN ('New', 'Contacted', 'Qualified', 'Proposal sent', 'Won', 'Lost'));
ALTER TABLE inquiries ADD COLUMN stage_changed_at timestamptz;
ALTER TABLE inquiries ADD COLUMN owner_id integer REFERENCES users (id) ON DELETE SET NULL;

-- The timeline of a lead: notes, stage changes and owner changes, with who and when. The author's
-- e-mail is kept as written, so the entry still names them after their account is deleted.
CREATE TABLE inquiry_events (
  id            serial PRIMARY KEY,
  inquiry_id    integer NOT NULL REFERENCES inquiries (id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('note', 'stage', 'owner')),
  body          text CHECK (body IS NULL OR length(btrim(body)) BETWEEN 1 AND 5000),
  from_value    text CHECK (from_value IS NULL OR length(from_value) <= 254),
  to_value      text CHECK (to_value IS NULL OR length(to_value) <= 254),
  author_id     integer REFERENCES users (id) ON DELETE SET NULL,
  author_email  text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'note') = (body IS NOT NULL))
);
CREATE INDEX inquiry_events_idx ON inquiry_events (inquiry_id, created_at DESC, id DESC);
-- The last note of each lead (list and CSV export).
CREATE INDEX inquiry_events_notes_idx ON inquiry_events (inquiry_id, id DESC) WHERE kind = 'note';

UPDATE inquiries SET stage = 'Contacted', stage_changed_at = coalesce(handled_at, created_at) WHERE handled;

INSERT INTO inquiry_events (inquiry_id, kind, from_value, to_value, author_id, author_email, created_at)
  SELECT i.id, 'stage', 'New', 'Contacted', i.handled_by, coalesce(u.email, 'unknown'),
         coalesce(i.handled_at, i.created_at)
    FROM inquiries i LEFT JOIN users u ON u.id = i.handled_by
   WHERE i.handled;

CREATE FUNCTION inquiries_sync_handled() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A row written with only the handled flag (the form it had before stages) is Contacted.
  IF TG_OP = 'INSERT' AND NEW.handled AND NEW.stage = 'New' THEN
    NEW.stage := 'Contacted';
  END IF;
  NEW.handled := NEW.stage <> 'New';
  RETURN NEW;
END
$$;
CREATE TRIGGER inquiries_sync_handled BEFORE INSERT OR UPDATE ON inquiries
  FOR EACH ROW EXECUTE FUNCTION inquiries_sync_handled();

-- Search by name, company, e-mail (whole, or any part of it) and the text of the inquiry: one
-- word index, matched by word prefixes (src/server/contact/pipeline.ts).
ALTER TABLE inquiries ADD COLUMN search tsvector GENERATED ALWAYS AS (
  to_tsvector('simple'::regconfig,
    full_name || ' ' || org_name || ' ' || email || ' ' || translate(email, '@.+_-', '     ') || ' ' ||
    job_title || ' ' || industry || ' ' || project_details)
) STORED;
CREATE INDEX inquiries_search_idx ON inquiries USING gin (search);

-- The list's filters and sorts at 100,000 leads (bench/leads.ts): each walks an index in order
-- and stops after one page.
DROP INDEX inquiries_handled_idx;
CREATE INDEX inquiries_stage_idx ON inquiries (stage, created_at DESC, id DESC);
CREATE INDEX inquiries_owner_idx ON inquiries (owner_id, created_at DESC, id DESC);
CREATE INDEX inquiries_owner_stage_idx ON inquiries (owner_id, stage, created_at DESC, id DESC);
CREATE INDEX inquiries_name_idx ON inquiries (lower(full_name), id);
CREATE INDEX inquiries_org_idx ON inquiries (lower(org_name), id);

-- The staff audit trail (src/server/common/audit.ts): every staff change, written in the same
-- transaction as the change, and every sign-in, failure, lockout and password reset. `changes`
-- holds a short before/after of the changed fields, never a password or a code. Entries older
-- than AUDIT_RETENTION_DAYS are pruned by a scheduled function (netlify/functions/prune-audit.ts).
CREATE TABLE audit_log (
  id           bigserial PRIMARY KEY,
  at           timestamptz NOT NULL DEFAULT now(),
  actor_id     integer REFERENCES users (id) ON DELETE SET NULL,
  actor_email  text CHECK (actor_email IS NULL OR length(actor_email) <= 254),
  action       text NOT NULL CHECK (length(action) BETWEEN 1 AND 60),
  entity       text CHECK (entity IS NULL OR length(entity) <= 60),
  entity_id    text CHECK (entity_id IS NULL OR length(entity_id) <= 100),
  address      text CHECK (address IS NULL OR length(address) <= 64),
  changes      jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_email, at DESC, id DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC, id DESC);
