-- A pair of companies has at most one open request, whichever of the two asked: the index on
-- (from_id, to_id) let two crossing requests (A to B, B to A) both open, and the pair was scheduled twice.
-- Crossing open requests already there keep one: the accepted one, else the first sent.
UPDATE b2b_requests q SET status = 'withdrawn', updated_at = now()
WHERE q.status IN ('pending', 'accepted') AND EXISTS (
  SELECT 1 FROM b2b_requests o
  WHERE o.status IN ('pending', 'accepted') AND o.id <> q.id
    AND least(o.from_id, o.to_id) = least(q.from_id, q.to_id)
    AND greatest(o.from_id, o.to_id) = greatest(q.from_id, q.to_id)
    AND ((o.status = 'accepted' AND q.status = 'pending') OR (o.status = q.status AND o.id < q.id))
);
DROP INDEX b2b_requests_live_pair;
CREATE UNIQUE INDEX b2b_requests_live_pair ON b2b_requests (least(from_id, to_id), greatest(from_id, to_id))
  WHERE status IN ('pending', 'accepted');
