-- person.erased: a person's erasure asks every receiver that was sent their leads or
-- applications to delete its copy (src/server/privacy/anonymise.ts). It is sent whatever the
-- endpoint subscribes to; an endpoint may also list it.
ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check;
ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check CHECK (
  cardinality(events) BETWEEN 1 AND 5
  AND events <@ ARRAY['lead.created', 'lead.updated', 'application.created',
                      'application.status_changed', 'person.erased']::text[]);
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_event_type_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_type_check CHECK (
  event_type IN ('lead.created', 'lead.updated', 'application.created', 'application.status_changed',
                 'person.erased'));
