-- An anonymised lead has left its targets: no "due" or "overdue" in the leads list, no reminder
-- (src/server/common/lead-targets.ts). The waiting lists' partial indexes (db/012) leave it out.
DROP INDEX inquiries_awaiting_first_idx;
DROP INDEX inquiries_awaiting_proposal_idx;
CREATE INDEX inquiries_awaiting_first_idx ON inquiries (created_at, id)
  WHERE first_response_at IS NULL AND stage NOT IN ('Won', 'Lost') AND merged_into IS NULL
    AND anonymised_at IS NULL;
CREATE INDEX inquiries_awaiting_proposal_idx ON inquiries (created_at, id)
  WHERE first_response_at IS NOT NULL AND proposal_sent_at IS NULL AND stage NOT IN ('Won', 'Lost')
    AND merged_into IS NULL AND anonymised_at IS NULL;
