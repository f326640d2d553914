-- The site's proof, kept by editors in the dashboard ("Site content") instead of files in the
-- repository: case studies (the old front matter's fields, a Markdown body and its stored
-- rendering) and proof items (testimonials, client logos, partner badges). Each is a draft or
-- published; `example` marks demo content, which production refuses to publish.
CREATE TABLE IF NOT EXISTS case_studies (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  client text NOT NULL,
  anonymised boolean NOT NULL DEFAULT false,
  industry text NOT NULL,
  location text NOT NULL,
  services text[] NOT NULL,
  summary text NOT NULL,
  challenge text NOT NULL,
  results jsonb NOT NULL,
  duration text NOT NULL,
  published_on date NOT NULL,
  body text NOT NULL DEFAULT '',
  body_html text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  example boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS case_studies_public ON case_studies (published_on DESC, id DESC)
  WHERE status = 'published';

CREATE TABLE IF NOT EXISTS proof_items (
  id serial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('testimonial', 'client', 'partner')),
  -- testimonial
  quote text,
  author text,
  company text,
  -- client
  name text,
  mark text,
  logo text,
  -- partner
  cloud text,
  programme text,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  example boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS proof_items_public ON proof_items (kind, id) WHERE status = 'published';
