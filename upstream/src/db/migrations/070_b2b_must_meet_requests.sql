-- A company may mark a few of the requests it sent as must-meet (at most MUST_MEET_MAX, checked when it
-- marks one): the scheduler places these before every other request.
ALTER TABLE b2b_requests ADD COLUMN must_meet boolean NOT NULL DEFAULT false;
