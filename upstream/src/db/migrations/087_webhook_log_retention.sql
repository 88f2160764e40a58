-- The outgoing webhooks' log is kept WEBHOOK_LOG_DAYS (contracts/src/webhooks.ts): the retention run
-- deletes older events whose deliveries are all done with, oldest first, through this index.
CREATE INDEX IF NOT EXISTS webhook_events_created_idx ON webhook_events (created_at);
