-- An event's main language (the one its name and description are written in) is now the first of its
-- languages, chosen by the organiser. It used to be the first in the product's order (fr, en, ja): put the
-- languages of every existing event in that order, so that each keeps the main language it had.
UPDATE events
   SET languages = (
         SELECT coalesce(jsonb_agg(l ORDER BY array_position(ARRAY['fr', 'en', 'ja'], l)), '["fr"]'::jsonb)
           FROM jsonb_array_elements_text(languages) AS l
       )
 WHERE jsonb_typeof(languages) = 'array';
