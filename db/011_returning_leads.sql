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
