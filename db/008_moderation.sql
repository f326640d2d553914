-- Comment moderation: comments that look like spam are held for review instead of published,
-- readers can report a comment, and staff approve, mark as spam or delete from one queue.
--
-- status: published (public), held (waiting for review; on no public page or count) or spam
-- (hidden for good; its sender is remembered in comment_spam_senders).
-- held_reasons: why a comment waits (links, words, spam_email, spam_address, first_comment,
-- reports); a list, since one comment can trip several rules.
-- address_key: the keyed hash of the client's network that the rate limits count under (an IPv4
-- address, an IPv6 /64), never the address itself: it decides "one report per address" and
-- "this address was marked as spam". address: the network shortened for display to staff
-- (IPv4 /24, IPv6 /48), as the privacy notice says. Both are empty for comments from before.
-- report_count: reports since the last review; approving sets it back to 0.

ALTER TABLE comments ADD COLUMN status text NOT NULL DEFAULT 'published'
  CHECK (status IN ('published', 'held', 'spam'));
ALTER TABLE comments ADD COLUMN held_reasons text[] NOT NULL DEFAULT '{}';
ALTER TABLE comments ADD COLUMN address_key text CHECK (address_key IS NULL OR length(address_key) <= 64);
ALTER TABLE comments ADD COLUMN address text CHECK (address IS NULL OR length(address) <= 64);
ALTER TABLE comments ADD COLUMN report_count integer NOT NULL DEFAULT 0 CHECK (report_count >= 0);
ALTER TABLE comments ADD COLUMN reviewed_at timestamptz;

-- The moderation queue: held comments, and public ones with reports since their last review.
CREATE INDEX comments_queue_idx ON comments (date DESC, id DESC)
  WHERE status = 'held' OR (status = 'published' AND report_count > 0);
-- "Hold first comments": has this e-mail a published comment already?
CREATE INDEX comments_published_email_idx ON comments (lower(email)) WHERE status = 'published';

-- One row per address that reported a comment: the primary key makes a second report from the
-- same address a no-op, however many arrive at once.
CREATE TABLE comment_reports (
  comment_id   integer NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
  address_key  text NOT NULL CHECK (length(address_key) <= 64),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, address_key)
);

-- Senders marked as spam: a keyed hash of the e-mail (lowercased) or the address key above. No
-- e-mail is kept here in the clear; the next comment from either is held.
CREATE TABLE comment_spam_senders (
  kind        text NOT NULL CHECK (kind IN ('email', 'address')),
  key         text NOT NULL CHECK (length(key) <= 128),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, key)
);
