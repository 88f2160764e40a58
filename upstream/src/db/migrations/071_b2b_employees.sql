-- The B2B form now asks the number of employees (`employees`) instead of a size band (`companySize`).
-- A company registered before keeps its band: it moves under `employees` as the band's code ('micro',
-- 'sme', 'large'), which every reader takes as the band itself (`companySizeOf`) and the registration's
-- page shows by its label, so no number is made up and no reader needs two keys.
UPDATE registrations
SET data = (data - 'companySize') || jsonb_build_object('employees', data->'companySize')
WHERE kind = 'b2b' AND data ? 'companySize' AND NOT data ? 'employees';
