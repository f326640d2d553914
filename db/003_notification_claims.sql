-- A sales notification being (re-)sent is claimed first, so the scheduled retry and a staff
-- member's "Send again" never mail sales twice for one inquiry at the same moment.
ALTER TABLE inquiries ADD COLUMN notify_claimed_until timestamptz;
