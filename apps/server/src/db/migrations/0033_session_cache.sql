-- ADR 047: each app instance keeps the sessions it has read in memory and drops one when a
-- notification on the channel "session_cache" names it. The triggers send them from the
-- transaction that makes the change (pg_notify), so they reach the instances only once it
-- commits and never for a change rolled back; and whatever makes it: a logout, a revoke, a
-- user's sessions ended, a user disabled, deleted, renamed or given another role, a password
-- changed, an operator's SQL. Payloads: 's:<session id>', 'u:<user id>', '*' (drop them all).
-- A touch (last_activity moved forward, at most once a minute) sends nothing.
CREATE FUNCTION "session_cache_sessions_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- a statement that ends many sessions at once (a clean-up) drops every instance's cache
	IF (SELECT count(*) FROM "gone") > 100 THEN
		PERFORM pg_notify('session_cache', '*');
	ELSE
		PERFORM pg_notify('session_cache', 's:' || "id") FROM "gone";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_cache_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS "gone"
	FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_sessions_gone"();--> statement-breakpoint
CREATE FUNCTION "session_cache_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('session_cache', 's:' || OLD."id");
	RETURN NULL;
END
$$;--> statement-breakpoint
-- what an instance keeps of a session, or a life made shorter (an earlier end, an older last
-- activity); a touch moves last_activity forward and is left out
CREATE TRIGGER "sessions_cache_update" AFTER UPDATE ON "sessions" FOR EACH ROW
	WHEN (OLD."id" IS DISTINCT FROM NEW."id" OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
		OR OLD."token_hash" IS DISTINCT FROM NEW."token_hash"
		OR OLD."timezone" IS DISTINCT FROM NEW."timezone"
		OR NEW."expires_at" < OLD."expires_at" OR NEW."last_activity" < OLD."last_activity")
	EXECUTE FUNCTION "session_cache_session_changed"();--> statement-breakpoint
CREATE FUNCTION "session_cache_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('session_cache', 'u:' || OLD."id");
	RETURN NULL;
END
$$;--> statement-breakpoint
-- what an instance keeps of a session's user (role, name, login), whether they may log in at
-- all (disabled), and their password: every session of theirs is read again
CREATE TRIGGER "users_cache_update" AFTER UPDATE ON "users" FOR EACH ROW
	WHEN (OLD."id" IS DISTINCT FROM NEW."id" OR OLD."role" IS DISTINCT FROM NEW."role"
		OR OLD."disabled" IS DISTINCT FROM NEW."disabled" OR OLD."login" IS DISTINCT FROM NEW."login"
		OR OLD."first_name" IS DISTINCT FROM NEW."first_name"
		OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
		OR OLD."password_hash" IS DISTINCT FROM NEW."password_hash")
	EXECUTE FUNCTION "session_cache_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_cache_delete" AFTER DELETE ON "users" FOR EACH ROW
	EXECUTE FUNCTION "session_cache_user_changed"();--> statement-breakpoint
CREATE FUNCTION "session_cache_all_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('session_cache', '*');
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_cache_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT
	EXECUTE FUNCTION "session_cache_all_gone"();--> statement-breakpoint
CREATE TRIGGER "users_cache_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT
	EXECUTE FUNCTION "session_cache_all_gone"();
