-- Sign-in guesses, counted per e-mail address (an HMAC of it, never the address) in one row shape
-- for real accounts and unknown addresses alike, so both count and age out the same way. A
-- guess is reserved here, in one statement, before the password is compared.
CREATE TABLE login_attempts (
  key           text PRIMARY KEY,
  window_start  timestamptz NOT NULL,
  attempts      integer NOT NULL CHECK (attempts >= 0)
);
CREATE INDEX login_attempts_window_idx ON login_attempts (window_start);

-- What the owner sees in their list of sessions. Both are cleared when the session ends.
ALTER TABLE sessions ADD COLUMN public_id text;
ALTER TABLE sessions ADD COLUMN user_agent text CHECK (user_agent IS NULL OR length(user_agent) <= 300);
ALTER TABLE sessions ADD COLUMN client_address text CHECK (client_address IS NULL OR length(client_address) <= 64);
CREATE UNIQUE INDEX sessions_public_id_key ON sessions (public_id) WHERE public_id IS NOT NULL;

-- A verified application code hands out a single-use token (only its hash is kept) that the
-- application must carry.
ALTER TABLE email_codes ADD COLUMN token_hash text;
ALTER TABLE email_codes ADD COLUMN token_used_at timestamptz;
CREATE UNIQUE INDEX email_codes_token_key ON email_codes (token_hash) WHERE token_hash IS NOT NULL;
