-- An exhibitor's manager and a sponsor's or former exhibitor's representative are the registration's person
-- (namesOf, upstream/src/model/registrations.ts): their badge and list line named the company twice before.
UPDATE registrations SET last_name = data ->> 'manager', first_names = ''
  WHERE coalesce(data ->> 'manager', '') <> '' AND coalesce(data ->> 'lastName', '') = ''
    AND coalesce(data ->> 'fullName', '') = '';
UPDATE registrations SET last_name = data ->> 'representativeName', first_names = ''
  WHERE coalesce(data ->> 'representativeName', '') <> '' AND coalesce(data ->> 'lastName', '') = ''
    AND coalesce(data ->> 'fullName', '') = '' AND coalesce(data ->> 'manager', '') = '';
