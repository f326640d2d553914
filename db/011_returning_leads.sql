-- Returning buyers and merged leads.
--
-- A lead is "returning" when an earlier lead has the same e-mail address or the same company
-- domain (free-mail domains excluded, by the business e-mail rule's list, at query time). Both are
-- read from the e-mail itself, so anonymising or erasing a lead (email = NULL) unlinks it too.
--
-- merged_into: staff merged this lead into another one. Nothing of it is deleted: its row, its
-- file and its timeline stay, the lead it went into shows them, and the list shows that one only.
-- Leads that had gone into a lead that is merged away go with it, so there are no chains: every
-- merged lead points at a lead that is in the list.
CREATE INDEX inquiries_email_domain_idx ON inquiries (lower(split_part(email, '@', 2)), id)
  WHERE email IS NOT NULL;

ALTER TABLE inquiries ADD COLUMN merged_into integer REFERENCES inquiries (id) ON DELETE SET NULL;
ALTER TABLE inquiries ADD COLUMN merged_at timestamptz;
ALTER TABLE inquiries ADD CONSTRAINT inquiries_merge_check
  CHECK ((merged_into IS NULL) = (merged_at IS NULL) AND merged_into IS DISTINCT FROM id);
CREATE INDEX inquiries_merged_into_idx ON inquiries (merged_into) WHERE merged_into IS NOT NULL;

-- The timeline records a merge on both leads: to_value / from_value name the other lead's id.
ALTER TABLE inquiry_events DROP CONSTRAINT IF EXISTS inquiry_events_kind_check;
ALTER TABLE inquiry_events ADD CONSTRAINT inquiry_events_kind_check
  CHECK (kind IN ('note', 'stage', 'owner', 'merge'));

-- The list counts its matches from its indexes alone (index-only scans): they carry merged_into,
-- so hiding merged leads does not send every count to the table.
DROP INDEX inquiries_created_idx;
CREATE INDEX inquiries_created_idx ON inquiries (created_at DESC, id DESC) INCLUDE (merged_into);
DROP INDEX inquiries_stage_idx;
CREATE INDEX inquiries_stage_idx ON inquiries (stage, created_at DESC, id DESC) INCLUDE (merged_into);
DROP INDEX inquiries_owner_idx;
CREATE INDEX inquiries_owner_idx ON inquiries (owner_id, created_at DESC, id DESC) INCLUDE (merged_into);
DROP INDEX inquiries_owner_stage_idx;
CREATE INDEX inquiries_owner_stage_idx ON inquiries (owner_id, stage, created_at DESC, id DESC) INCLUDE (merged_into);

-- A merged lead is found through the lead it went into: the search index leaves it out (its own
-- address, /dashboard/leads?lead=<id>, still shows it), so a search needs no look at the table
-- to hide it.
DROP INDEX inquiries_search_idx;
ALTER TABLE inquiries DROP COLUMN search;
ALTER TABLE inquiries ADD COLUMN search tsvector GENERATED ALWAYS AS (
  CASE WHEN merged_into IS NULL THEN
    to_tsvector('simple'::regconfig,
      full_name || ' ' || org_name || ' ' || email || ' ' || translate(email, '@.+_-', '     ') || ' ' ||
      job_title || ' ' || industry || ' ' || project_details)
  END
) STORED;
CREATE INDEX inquiries_search_idx ON inquiries USING gin (search);
