-- The trust center: leads of a second kind (a security review's request for restricted documents),
-- the documents themselves, the requests' decisions and the subprocessors list.

-- Leads get a kind. The contact form's own fields are required of contact leads only: a security
-- review asks for a name, a work address and a company, nothing else.
ALTER TABLE inquiries ADD COLUMN kind text NOT NULL DEFAULT 'contact'
  CHECK (kind IN ('contact', 'security review'));
ALTER TABLE inquiries ALTER COLUMN job_title DROP NOT NULL;
ALTER TABLE inquiries ALTER COLUMN industry DROP NOT NULL;
ALTER TABLE inquiries ALTER COLUMN company_size DROP NOT NULL;
ALTER TABLE inquiries ALTER COLUMN budget DROP NOT NULL;
ALTER TABLE inquiries ALTER COLUMN project_type DROP NOT NULL;
ALTER TABLE inquiries ADD CONSTRAINT inquiries_contact_fields CHECK (
  kind <> 'contact' OR (job_title IS NOT NULL AND industry IS NOT NULL AND company_size IS NOT NULL
    AND budget IS NOT NULL AND project_type IS NOT NULL));

-- The search words: a lead without a job title or industry is still found by its name.
DROP INDEX inquiries_search_idx;
ALTER TABLE inquiries DROP COLUMN search;
ALTER TABLE inquiries ADD COLUMN search tsvector GENERATED ALWAYS AS (
  CASE WHEN merged_into IS NULL THEN
    to_tsvector('simple'::regconfig,
      full_name || ' ' || org_name || ' ' || email || ' ' || translate(email, '@.+_-', '     ') || ' ' ||
      coalesce(job_title, '') || ' ' || coalesce(industry, '') || ' ' || project_details)
  END
) STORED;
CREATE INDEX inquiries_search_idx ON inquiries USING gin (search);

-- Assignment rules may match on the lead's kind (empty: any kind).
ALTER TABLE assignment_rules ADD COLUMN kinds text[] NOT NULL DEFAULT '{}' CHECK (cardinality(kinds) <= 5);

-- A lead's timeline records the documents it asked for, the decision and each download:
-- from_value is what happened (requested, approved, denied, downloaded), to_value the documents.
ALTER TABLE inquiry_events DROP CONSTRAINT IF EXISTS inquiry_events_kind_check;
ALTER TABLE inquiry_events ADD CONSTRAINT inquiry_events_kind_check
  CHECK (kind IN ('note', 'stage', 'owner', 'merge', 'meeting', 'documents'));

-- The trust center's documents: public ones are downloaded by anyone, restricted ones by a link
-- signed for an approved request. The file is in private storage under `file_key`; a document
-- marked `example` is the demo one `npm start` seeds (a production deploy refuses to publish one).
CREATE TABLE trust_documents (
  id          text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{1,39}$'),
  title       text NOT NULL CHECK (length(btrim(title)) BETWEEN 2 AND 120),
  access      text NOT NULL CHECK (access IN ('public', 'restricted')),
  file_key    text,
  file_size   integer,
  example     boolean NOT NULL DEFAULT false,
  published   boolean NOT NULL DEFAULT true,
  position    integer NOT NULL DEFAULT 0,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- A request for restricted documents: its lead (whose id it shares: POST /api/trust-request answers
-- one id, which the approval's path takes and the dashboard shows), what it asked for, the click-through NDA's
-- version and time, and the decision. A link mailed on approval is signed with the request's id
-- and `link_expires_at`, so a decision cannot be replayed onto another request.
CREATE TABLE trust_requests (
  id               integer PRIMARY KEY,
  inquiry_id       integer NOT NULL UNIQUE REFERENCES inquiries (id) ON DELETE CASCADE CHECK (inquiry_id = id),
  documents        text[] NOT NULL CHECK (cardinality(documents) BETWEEN 1 AND 20),
  nda_version      text NOT NULL CHECK (length(nda_version) BETWEEN 1 AND 40),
  nda_accepted_at  timestamptz NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied')),
  decided_at       timestamptz,
  decided_by       text CHECK (decided_by IS NULL OR length(decided_by) <= 254),
  link_expires_at  timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'approved') = (link_expires_at IS NOT NULL))
);

-- The subprocessors that touch clients' systems or data, kept by editors; each change is dated
-- (the feed at /trust/subprocessors.xml lists them), a removal too.
CREATE TABLE subprocessors (
  id          serial PRIMARY KEY,
  name        text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
  purpose     text NOT NULL CHECK (length(btrim(purpose)) BETWEEN 1 AND 300),
  location    text NOT NULL CHECK (length(btrim(location)) BETWEEN 1 AND 120),
  transfer    text NOT NULL CHECK (length(btrim(transfer)) BETWEEN 1 AND 200),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE subprocessor_changes (
  id          serial PRIMARY KEY,
  subprocessor_id integer,
  action      text NOT NULL CHECK (action IN ('added', 'changed', 'removed')),
  name        text NOT NULL,
  summary     text NOT NULL CHECK (length(summary) <= 600),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subprocessor_changes_idx ON subprocessor_changes (created_at DESC, id DESC);
