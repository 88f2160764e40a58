-- A participant who asked for Telegram notifications gets a start
-- token on the confirmation page (only its hash is kept); the bot then names the chat that sent it.
ALTER TABLE registrations ADD COLUMN telegram_start_hash text;
ALTER TABLE registrations ADD COLUMN telegram_chat_id text;
ALTER TABLE registrations ADD COLUMN telegram_linked_at timestamptz;
CREATE UNIQUE INDEX registrations_telegram_start_idx ON registrations (telegram_start_hash)
  WHERE telegram_start_hash IS NOT NULL;
