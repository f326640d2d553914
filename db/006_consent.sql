-- Consent, recorded with the privacy notice's version (src/shared/privacy/notice.ts) and its time.
--
-- Applications: the privacy notice was read and the application may be kept for the retention
-- period (required for new applications; rows from before this migration have none), and the
-- optional talent pool, which keeps the application for other openings for longer.
-- Inquiries: the optional permission to send news mail. The inquiry itself needs no consent.

ALTER TABLE applications ADD COLUMN privacy_consent_version TEXT;
ALTER TABLE applications ADD COLUMN privacy_consent_at TIMESTAMPTZ;
ALTER TABLE applications ADD COLUMN talent_pool BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE applications ADD COLUMN talent_pool_consent_at TIMESTAMPTZ;

ALTER TABLE inquiries ADD COLUMN marketing_consent BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE inquiries ADD COLUMN marketing_consent_version TEXT;
ALTER TABLE inquiries ADD COLUMN marketing_consent_at TIMESTAMPTZ;
