-- What a schedule run proved: the ceiling of the meetings any schedule could hold, the gap to it, and
-- whether the schedule is proven optimal (shown to the organiser). And the run's random seed, kept with
-- the programme so that running it again gives the same schedule.
ALTER TABLE b2b_programmes ADD COLUMN run_proof jsonb;
ALTER TABLE b2b_programmes ADD COLUMN schedule_seed integer NOT NULL DEFAULT 1;
