-- A B2B company's calendar feed has a key of its own: read-only (it opens the agenda's feed and nothing
-- else), renewable without touching the space's personal link. Kept as written, not hashed: the space
-- shows the feed's address again on every visit, as calendar services show a subscription address.
CREATE TABLE b2b_feed_keys (
  registration_id integer PRIMARY KEY REFERENCES registrations (id) ON DELETE CASCADE,
  feed_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
