-- The admin dashboard's job figures (job_totals), kept by the database in the transaction of every change to
-- job. Statement triggers read the transition tables, so a bulk statement costs one update, and a change that
-- moves no figure (most updates) writes nothing.
CREATE FUNCTION job_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_jobs bigint := 0;
  d_completed bigint := 0;
  d_revenue bigint := 0;
  d_tips bigint := 0;
  n record;
  o record;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE job_totals SET jobs = 0, completed = 0, revenue_cents = 0, tips_cents = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(*) AS jobs,
           count(*) FILTER (WHERE status = 'completed') AS completed,
           coalesce(sum(final_price_cents) FILTER (WHERE status = 'completed'), 0) AS revenue,
           coalesce(sum(tip_cents) FILTER (WHERE status = 'completed'), 0) AS tips
      INTO n FROM new_rows;
    d_jobs := d_jobs + n.jobs;
    d_completed := d_completed + n.completed;
    d_revenue := d_revenue + n.revenue;
    d_tips := d_tips + n.tips;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT count(*) AS jobs,
           count(*) FILTER (WHERE status = 'completed') AS completed,
           coalesce(sum(final_price_cents) FILTER (WHERE status = 'completed'), 0) AS revenue,
           coalesce(sum(tip_cents) FILTER (WHERE status = 'completed'), 0) AS tips
      INTO o FROM old_rows;
    d_jobs := d_jobs - o.jobs;
    d_completed := d_completed - o.completed;
    d_revenue := d_revenue - o.revenue;
    d_tips := d_tips - o.tips;
  END IF;
  IF d_jobs <> 0 OR d_completed <> 0 OR d_revenue <> 0 OR d_tips <> 0 THEN
    -- The connection's own slot: two transactions wait on each other only when they share one.
    INSERT INTO job_totals AS t (slot, jobs, completed, revenue_cents, tips_cents)
    VALUES (pg_backend_pid() % 16, d_jobs, d_completed, d_revenue, d_tips)
    ON CONFLICT (slot) DO UPDATE SET
      jobs = t.jobs + excluded.jobs,
      completed = t.completed + excluded.completed,
      revenue_cents = t.revenue_cents + excluded.revenue_cents,
      tips_cents = t.tips_cents + excluded.tips_cents;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER job_totals_insert AFTER INSERT ON job REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_totals_apply();
--> statement-breakpoint
CREATE TRIGGER job_totals_update AFTER UPDATE ON job REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_totals_apply();
--> statement-breakpoint
CREATE TRIGGER job_totals_delete AFTER DELETE ON job REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION job_totals_apply();
--> statement-breakpoint
CREATE TRIGGER job_totals_truncate AFTER TRUNCATE ON job
  FOR EACH STATEMENT EXECUTE FUNCTION job_totals_apply();
--> statement-breakpoint
-- The jobs that exist already.
INSERT INTO job_totals (slot, jobs, completed, revenue_cents, tips_cents)
SELECT 0, count(*),
       count(*) FILTER (WHERE status = 'completed'),
       coalesce(sum(final_price_cents) FILTER (WHERE status = 'completed'), 0),
       coalesce(sum(tip_cents) FILTER (WHERE status = 'completed'), 0)
  FROM job;
