-- An applicant may decline to state a gender: 'Prefer not to say' joins the allowed values
-- (src/shared/careers/careers-common.ts GENDERS); the earlier values stay valid.
ALTER TABLE applications DROP CONSTRAINT IF EXISTS applications_gender_check;
ALTER TABLE applications ADD CONSTRAINT applications_gender_check
  CHECK (gender IN ('Male', 'Female', 'Other', 'Prefer not to say'));
