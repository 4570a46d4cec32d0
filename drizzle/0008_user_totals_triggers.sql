-- Users per role for the admin dashboard (user_totals), kept in the transaction of every change to "user"
-- as job_totals is (0006). Sign-ups are rare next to reads, so one row per role is enough.
CREATE FUNCTION user_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE user_totals SET users = 0;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_totals AS t (role, users)
    SELECT role, count(*) FROM new_rows GROUP BY role
    ON CONFLICT (role) DO UPDATE SET users = t.users + excluded.users;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_totals AS t (role, users)
    SELECT role, -count(*) FROM old_rows GROUP BY role
    ON CONFLICT (role) DO UPDATE SET users = t.users + excluded.users;
  ELSE
    -- Only a change of role moves a figure; every other update writes nothing here.
    INSERT INTO user_totals AS t (role, users)
    SELECT role, sum(d) FROM (
      SELECT role, 1 AS d FROM new_rows
      UNION ALL
      SELECT role, -1 AS d FROM old_rows
    ) AS changes
    GROUP BY role
    HAVING sum(d) <> 0
    ON CONFLICT (role) DO UPDATE SET users = t.users + excluded.users;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_totals_insert AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_totals_apply();
--> statement-breakpoint
CREATE TRIGGER user_totals_update AFTER UPDATE ON "user" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_totals_apply();
--> statement-breakpoint
CREATE TRIGGER user_totals_delete AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_totals_apply();
--> statement-breakpoint
CREATE TRIGGER user_totals_truncate AFTER TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION user_totals_apply();
--> statement-breakpoint
-- The users that exist already.
INSERT INTO user_totals (role, users) SELECT role, count(*) FROM "user" GROUP BY role;
