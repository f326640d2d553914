-- Retention, erasure and export of personal data (src/server/privacy/, src/shared/privacy/retention.ts).
--
-- Anonymising keeps a row (its stage, status, dates and experience, so the overview and the
-- pipeline still add up) and clears what names or reaches the person: the columns below lose
-- NOT NULL so that "cleared" is NULL, never a made-up value. Their CHECKs still hold for any
-- value that is there.

-- Applications: when (and why) the row was anonymised; the candidate's extension of a
-- talent-pool application (its lifetime counts again from then) and the one reminder before it
-- expires.
ALTER TABLE applications ADD COLUMN anonymised_at timestamptz;
ALTER TABLE applications ADD COLUMN anonymised_reason text
  CHECK (anonymised_reason IS NULL OR anonymised_reason IN ('expired', 'withdrawn', 'erased'));
ALTER TABLE applications ADD COLUMN retention_extended_at timestamptz;
ALTER TABLE applications ADD COLUMN expiry_notice_at timestamptz;
ALTER TABLE applications ALTER COLUMN email DROP NOT NULL;
ALTER TABLE applications ALTER COLUMN mobile DROP NOT NULL;
ALTER TABLE applications ALTER COLUMN native_place DROP NOT NULL;
ALTER TABLE applications ALTER COLUMN gender DROP NOT NULL;
ALTER TABLE applications ALTER COLUMN current_company DROP NOT NULL;
ALTER TABLE applications ALTER COLUMN skills DROP NOT NULL;
ALTER TABLE applications ALTER COLUMN resume_key DROP NOT NULL;
ALTER TABLE applications ALTER COLUMN resume_filename DROP NOT NULL;
ALTER TABLE applications ALTER COLUMN resume_type DROP NOT NULL;
CREATE INDEX applications_email_idx ON applications (email) WHERE email IS NOT NULL;
CREATE INDEX applications_live_idx ON applications (created_at) WHERE anonymised_at IS NULL;

-- Inquiries (leads).
ALTER TABLE inquiries ADD COLUMN anonymised_at timestamptz;
ALTER TABLE inquiries ALTER COLUMN email DROP NOT NULL;
ALTER TABLE inquiries ALTER COLUMN mobile DROP NOT NULL;
CREATE INDEX inquiries_email_idx ON inquiries (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX inquiries_live_idx ON inquiries (created_at) WHERE anonymised_at IS NULL;

-- Comments: the commenter's e-mail is cleared after its lifetime; the comment stays under its name.
ALTER TABLE comments ALTER COLUMN email DROP NOT NULL;
CREATE INDEX comments_email_idx ON comments (lower(email)) WHERE email IS NOT NULL;
CREATE INDEX comments_date_idx ON comments (date) WHERE email IS NOT NULL;

-- E-mail codes for the self-service page (/privacy/my-data).
ALTER TABLE email_codes DROP CONSTRAINT IF EXISTS email_codes_purpose_check;
ALTER TABLE email_codes ADD CONSTRAINT email_codes_purpose_check
  CHECK (purpose IN ('application', 'password_reset', 'privacy'));

-- Files whose rows are gone or anonymised wait here until storage confirms their deletion: a
-- failed delete is tried again by the next housekeeping run, never forgotten.
CREATE TABLE file_deletions (
  key        text PRIMARY KEY,
  queued_at  timestamptz NOT NULL DEFAULT now()
);

-- Pictures uploaded into a post's text: a picture that no post uses a day after its upload (never
-- inserted, or its post deleted) is deleted by the housekeeping job.
CREATE TABLE post_uploads (
  key          text PRIMARY KEY,
  uploaded_at  timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX sessions_expires_idx ON sessions (expires_at);
CREATE INDEX email_codes_created_idx ON email_codes (created_at);
CREATE INDEX mail_log_created_idx ON mail_log (created_at);
CREATE INDEX mail_log_recipient_idx ON mail_log (lower(recipient));
