-- The Google connection that made an online B2B meeting's Calendar event (the publishing organiser and the
-- Google account), so that moving or deleting it goes through that connection, not whoever acts next.
ALTER TABLE b2b_meetings
  ADD COLUMN online_owner_id integer,
  ADD COLUMN online_account_id text,
  ADD COLUMN online_account_email text;
