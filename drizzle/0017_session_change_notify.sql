-- Every instance caches sessions for a few seconds (src/server/features/accounts/session-cache.ts). Any change
-- to a session or its user, by whatever code path (sign-out, password change, an admin's revoke, ban or role
-- change, email confirmation), is announced on this channel at commit, and every instance drops what it cached.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('session_change', json_build_object('sessionId', OLD.id)::text);
  ELSE
    PERFORM pg_notify('session_change', json_build_object('userId', OLD.id)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER session_change_notify AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER user_change_notify AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
