-- Privacy at the point of collection (docs/decisions/data-rights.md, "Privacy notice and consent").
-- The organisation's privacy notice: a link to its policy, a short text per language ({"fr": …}), and the
-- address people write to about their data. Empty everywhere = no notice (the forms show a default sentence).
ALTER TABLE organizations ADD COLUMN IF NOT EXISTS privacy_url text NOT NULL DEFAULT '';
ALTER TABLE organizations ADD COLUMN IF NOT EXISTS privacy_texts jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE organizations ADD COLUMN IF NOT EXISTS privacy_contact text NOT NULL DEFAULT '';

-- The consent a visitor gave with their registration: when, in which language, the exact wording of the
-- box, and the notice it pointed to (its link, and a hash of the notice as it read then, or 'default').
-- NULL for registrations made before the form asked (they are shown as such, never made up).
ALTER TABLE registrations ADD COLUMN IF NOT EXISTS consent_at timestamptz;
ALTER TABLE registrations ADD COLUMN IF NOT EXISTS consent_locale text;
ALTER TABLE registrations ADD COLUMN IF NOT EXISTS consent_wording text;
ALTER TABLE registrations ADD COLUMN IF NOT EXISTS consent_notice_url text;
ALTER TABLE registrations ADD COLUMN IF NOT EXISTS consent_notice_version text;

-- The B2B directory is opt-in (`listedInDirectory` in the company's answers): a company registered before
-- the form asked was never asked, so it is not listed until it says so from its space. Written out, so the
-- company's profile shows the box unticked rather than missing.
UPDATE registrations SET data = data || '{"listedInDirectory": false}'::jsonb
WHERE kind = 'b2b' AND NOT data ? 'listedInDirectory';
