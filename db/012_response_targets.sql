-- Response-time targets (RESPONSE_TARGET_FIRST_MINUTES, RESPONSE_TARGET_PROPOSAL_HOURS, counted
-- from the lead's arrival). first_response_at: when the lead first left stage New, or a note said
-- the buyer was contacted (inquiry_events.contacted); proposal_sent_at: when it first reached
-- "Proposal sent" (or Won without it). A lead that is Won or Lost has no target left.
-- *_overdue_mailed_at: the one mail sent when that target was missed (claimed by one run).
ALTER TABLE inquiries ADD COLUMN first_response_at timestamptz;
ALTER TABLE inquiries ADD COLUMN proposal_sent_at timestamptz;
ALTER TABLE inquiries ADD COLUMN first_overdue_mailed_at timestamptz;
ALTER TABLE inquiries ADD COLUMN proposal_overdue_mailed_at timestamptz;
ALTER TABLE inquiry_events ADD COLUMN contacted boolean NOT NULL DEFAULT false;
ALTER TABLE inquiry_events ADD CONSTRAINT inquiry_events_contacted_check CHECK (NOT contacted OR kind = 'note');

-- What the timelines already tell.
UPDATE inquiries i SET first_response_at = coalesce(
  (SELECT min(e.created_at) FROM inquiry_events e WHERE e.inquiry_id = i.id AND e.kind = 'stage' AND e.from_value = 'New'),
  i.handled_at, i.stage_changed_at, i.created_at)
 WHERE i.stage <> 'New';
UPDATE inquiries i SET proposal_sent_at = coalesce(
  (SELECT min(e.created_at) FROM inquiry_events e
    WHERE e.inquiry_id = i.id AND e.kind = 'stage' AND e.to_value IN ('Proposal sent', 'Won')),
  i.stage_changed_at, i.created_at)
 WHERE i.stage IN ('Proposal sent', 'Won');

-- The leads waiting for each answer, oldest first: the list's "overdue" filter and "due" sort,
-- and the reminder job, walk these.
CREATE INDEX inquiries_awaiting_first_idx ON inquiries (created_at, id)
  WHERE first_response_at IS NULL AND stage NOT IN ('Won', 'Lost') AND merged_into IS NULL;
CREATE INDEX inquiries_awaiting_proposal_idx ON inquiries (created_at, id)
  WHERE first_response_at IS NOT NULL AND proposal_sent_at IS NULL AND stage NOT IN ('Won', 'Lost')
    AND merged_into IS NULL;
-- The overview's figures over the last 30 days.
CREATE INDEX inquiries_first_response_idx ON inquiries (created_at) INCLUDE (first_response_at);
