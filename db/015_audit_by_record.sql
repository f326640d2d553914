-- A person's erasure or anonymisation scrubs the audit trail's copies of what was written about
-- their leads, applications and comments (src/server/privacy/anonymise.ts): it finds the entries
-- of a record by its kind and id.
CREATE INDEX audit_log_entity_idx ON audit_log (entity, entity_id) WHERE entity IS NOT NULL;
