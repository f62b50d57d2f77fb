-- Issue 15, item 4: every process caches token → user and location scope for a few seconds; a change to a user,
-- its tokens or its locations tells them all at commit (NOTIFY auth_changed), and they drop their cache.
CREATE OR REPLACE FUNCTION notify_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER api_tokens_auth_changed AFTER UPDATE OR DELETE ON api_tokens
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER user_locations_auth_changed AFTER INSERT OR UPDATE OR DELETE ON user_locations
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
