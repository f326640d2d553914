-- The whole schema of the site. The CHECK constraints mirror the enumerations and limits of the
-- specification, so a row the application should refuse cannot be stored by any path.

CREATE TABLE users (
  id              serial PRIMARY KEY,
  email           text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  password_hash   text NOT NULL,
  role            text NOT NULL DEFAULT 'reader' CHECK (role IN ('root_admin', 'admin', 'reader')),
  profile_image   text,
  failed_logins   integer NOT NULL DEFAULT 0,
  locked_until    timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE sessions (
  id            text PRIMARY KEY,            -- random id carried inside the signed token
  user_id       integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- One-time codes: e-mail verification for applications and password reset. Only a hash is kept.
CREATE TABLE email_codes (
  id           serial PRIMARY KEY,
  purpose      text NOT NULL CHECK (purpose IN ('application', 'password_reset')),
  email        text NOT NULL CHECK (email = lower(email)),
  code_hash    text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  consumed_at  timestamptz,
  verified_at  timestamptz
);
CREATE INDEX email_codes_lookup_idx ON email_codes (purpose, email, created_at DESC);

CREATE TABLE posts (
  id          serial PRIMARY KEY,
  title       text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  author      text NOT NULL CHECK (length(btrim(author)) BETWEEN 1 AND 100),
  date        timestamptz NOT NULL DEFAULT now(),
  content     text NOT NULL CHECK (length(btrim(content)) BETWEEN 1 AND 100000),
  image1      text,   -- storage key of the author's profile image
  image2      text,   -- storage key of the banner image
  category    text NOT NULL CHECK (category IN ('Cloud Computing', 'Containers', 'Servers',
                'Data Science', 'Artificial Intelligence', 'Networking')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX posts_date_idx ON posts (date DESC, id DESC);
CREATE INDEX posts_category_date_idx ON posts (category, date DESC, id DESC);

CREATE TABLE comments (
  id       serial PRIMARY KEY,
  post_id  integer NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  name     text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  email    text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  comment  text NOT NULL CHECK (length(btrim(comment)) BETWEEN 1 AND 2000),
  date     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_post_idx ON comments (post_id, date DESC, id DESC);

CREATE TABLE faqs (
  id           serial PRIMARY KEY,
  question     text NOT NULL CHECK (length(btrim(question)) BETWEEN 1 AND 1000),
  answer       text CHECK (answer IS NULL OR length(answer) <= 5000),
  created_at   timestamptz NOT NULL DEFAULT now(),
  answered_at  timestamptz
);
CREATE INDEX faqs_answered_idx ON faqs (answered_at, id) WHERE answer IS NOT NULL;

CREATE TABLE jobs (
  id                   serial PRIMARY KEY,
  job_title            text NOT NULL CHECK (length(btrim(job_title)) BETWEEN 1 AND 200),
  required_experience  integer NOT NULL CHECK (required_experience BETWEEN 0 AND 50),
  skills               text NOT NULL DEFAULT '' CHECK (length(skills) <= 1000),
  description          text NOT NULL CHECK (length(btrim(description)) BETWEEN 1 AND 10000),
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_created_idx ON jobs (created_at DESC, id DESC);

CREATE TABLE applications (
  id                   serial PRIMARY KEY,
  job_id               integer REFERENCES jobs (id) ON DELETE SET NULL,
  first_name           text NOT NULL CHECK (length(btrim(first_name)) BETWEEN 1 AND 100),
  last_name            text NOT NULL CHECK (length(btrim(last_name)) BETWEEN 1 AND 100),
  email                text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  mobile               text NOT NULL CHECK (length(mobile) BETWEEN 4 AND 20),
  native_place         text NOT NULL CHECK (length(btrim(native_place)) BETWEEN 1 AND 300),
  gender               text NOT NULL CHECK (gender IN ('Male', 'Female', 'Other')),
  total_experience     numeric(4, 1) NOT NULL CHECK (total_experience BETWEEN 0 AND 60),
  it_experience        numeric(4, 1) NOT NULL CHECK (it_experience BETWEEN 0 AND 60),
  current_company      text NOT NULL CHECK (length(btrim(current_company)) BETWEEN 1 AND 200),
  notice_period        text NOT NULL DEFAULT 'immediate'
                         CHECK (notice_period IN ('immediate', '15 Days', '30 Days', '90 Days')),
  expected_salary      bigint CHECK (expected_salary IS NULL OR expected_salary BETWEEN 0 AND 1000000000),
  willing_to_relocate  text NOT NULL DEFAULT 'Yes' CHECK (willing_to_relocate IN ('Yes', 'No')),
  skills               text NOT NULL CHECK (length(btrim(skills)) BETWEEN 1 AND 1000),
  certifications       text NOT NULL DEFAULT '' CHECK (length(certifications) <= 1000),
  resume_key           text NOT NULL,
  resume_filename      text NOT NULL CHECK (length(resume_filename) BETWEEN 1 AND 255),
  resume_type          text NOT NULL,
  status               text NOT NULL DEFAULT 'New' CHECK (status IN ('New', 'Rejected', 'Selected', 'Maybe')),
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX applications_created_idx ON applications (created_at DESC, id DESC);
CREATE INDEX applications_status_idx ON applications (status, created_at DESC, id DESC);
CREATE INDEX applications_dupe_idx ON applications (email, job_id, created_at DESC);

CREATE TABLE application_status_history (
  id              serial PRIMARY KEY,
  application_id  integer NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  from_status     text NOT NULL,
  to_status       text NOT NULL CHECK (to_status IN ('New', 'Rejected', 'Selected', 'Maybe')),
  changed_by      integer REFERENCES users (id) ON DELETE SET NULL,
  changed_by_email text NOT NULL,
  changed_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_history_idx ON application_status_history (application_id, changed_at);

CREATE TABLE inquiries (
  id               serial PRIMARY KEY,
  full_name        text NOT NULL CHECK (length(btrim(full_name)) BETWEEN 1 AND 100),
  email            text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  org_name         text NOT NULL CHECK (length(btrim(org_name)) BETWEEN 1 AND 200),
  job_title        text NOT NULL CHECK (length(btrim(job_title)) BETWEEN 1 AND 100),
  industry         text NOT NULL CHECK (length(btrim(industry)) BETWEEN 1 AND 100),
  company_size     text NOT NULL CHECK (company_size IN ('Less than 5', '5-10', '10-30', '30-50',
                     '50-100', '100-200', '200-500', '500-Above')),
  mobile           text NOT NULL CHECK (length(mobile) BETWEEN 4 AND 20),
  budget           text NOT NULL CHECK (budget IN ('Below $1000', '$1000-$5000', '$5000-$10000',
                     '$10000-$50000', '$50000-$100000', '$100000-$1000000', '$1000000-Above')),
  project_type     text NOT NULL CHECK (project_type IN ('Urgent', 'Normal')),
  deadline         date,
  project_details  text NOT NULL DEFAULT '' CHECK (length(project_details) <= 5000),
  file_key         text,
  file_name        text,
  file_type        text,
  file_size        integer,
  source_page      text CHECK (source_page IS NULL OR length(source_page) <= 500),
  utm              jsonb NOT NULL DEFAULT '{}'::jsonb,
  handled          boolean NOT NULL DEFAULT false,
  handled_at       timestamptz,
  handled_by       integer REFERENCES users (id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((file_key IS NULL) = (file_name IS NULL))
);
CREATE INDEX inquiries_created_idx ON inquiries (created_at DESC, id DESC);
CREATE INDEX inquiries_handled_idx ON inquiries (handled, created_at DESC, id DESC);

-- Every message the site sends, with its outcome, so a failed notification can be seen and re-sent.
CREATE TABLE mail_log (
  id          serial PRIMARY KEY,
  kind        text NOT NULL,
  ref_table   text,
  ref_id      integer,
  recipient   text NOT NULL,
  subject     text NOT NULL,
  status      text NOT NULL CHECK (status IN ('sent', 'failed')),
  error       text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_log_ref_idx ON mail_log (ref_table, ref_id);

-- Fixed-window counters shared by every function instance.
CREATE TABLE rate_limits (
  bucket        text NOT NULL,
  key           text NOT NULL,
  window_start  timestamptz NOT NULL,
  count         integer NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, key, window_start)
);
CREATE INDEX rate_limits_window_idx ON rate_limits (window_start);
