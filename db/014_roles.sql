-- Roles by job (src/shared/staff/permissions.ts): sales, recruiter and editor join SPEC's three.
-- Existing accounts keep their role.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check
  CHECK (role IN ('root_admin', 'admin', 'sales', 'recruiter', 'editor', 'reader'));
