-- Callers (session + user + owner) are cached per server process (domains/auth/caller-cache.ts). Any
-- change that could alter who a token is, or whether it may act, tells every process to drop its cache.
-- Statement-level, and limited to the columns a caller reads: credit debits and last-login stamps do not
-- fire it. Identical NOTIFYs in one transaction are folded into one by PostgreSQL.
CREATE OR REPLACE FUNCTION notify_cache_invalidate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidate', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER auth_session_cache_invalidate AFTER UPDATE OR DELETE OR TRUNCATE ON "auth_session"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidate();
--> statement-breakpoint
CREATE TRIGGER user_cache_invalidate
  AFTER UPDATE OF "owner_id", "username", "available_countries", "default_country", "default_locale", "roles", "status"
  OR DELETE OR TRUNCATE ON "user"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidate();
--> statement-breakpoint
CREATE TRIGGER owner_cache_invalidate
  AFTER UPDATE OF "code_name", "name", "active", "plan" OR DELETE OR TRUNCATE ON "owner"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_invalidate();
