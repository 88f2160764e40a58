-- Offline-capable check-in: the desk that scanned a person and the scan (drawn by the device) that won.
-- A scan sent twice finds its own id here (recorded once); an earlier scan from another device replaces a
-- later one (the first by time wins), so exactly one check-in per registration stays.
ALTER TABLE checkins ADD COLUMN desk text;
ALTER TABLE checkins ADD COLUMN scan_id uuid;
CREATE UNIQUE INDEX checkins_scan_idx ON checkins (scan_id);
