CREATE TABLE "client_day_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"stage_moves" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
-- Per day, the clients added and the stage moves made, for the dashboard's last 30 days (ADR 016).
-- Kept like client_stage_totals (0005): statement-level triggers add one delta per day touched,
-- one upsert per statement whatever the number of rows, in the writer's transaction, days
-- upserted in order. The day is the timestamp's date in the session's time zone, the date the
-- dashboard's "current_date - 29" compares with; the server's connections all use the
-- database's zone. Every writer locks its day row before any stage totals row, so a long writer
-- holding both (an import) makes the others wait, not deadlock: the triggers on clients are
-- named to fire before the stage totals' (the triggers of one event fire in name order), and a
-- stage change logs its moves before it updates the clients.
CREATE FUNCTION "client_day_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	-- the counter this table's rows add to, and the timestamp that dates them
	counter CONSTANT text := quote_ident(TG_ARGV[0]);
	stamp CONSTANT text := quote_ident(TG_ARGV[1]);
	added CONSTANT text := format('SELECT %s::date AS "day", 1 AS "n" FROM "new_rows"', stamp);
	removed CONSTANT text := format('SELECT %s::date AS "day", -1 AS "n" FROM "old_rows"', stamp);
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		EXECUTE format('UPDATE "client_day_totals" SET %1$s = 0 WHERE "day" IN
			(SELECT "day" FROM "client_day_totals" WHERE %1$s <> 0 ORDER BY "day" FOR UPDATE)', counter);
		RETURN NULL;
	END IF;
	EXECUTE format('INSERT INTO "client_day_totals" AS t ("day", %1$s)
		SELECT d."day", sum(d."n") FROM (%2$s) d GROUP BY 1 HAVING sum(d."n") <> 0 ORDER BY 1
		ON CONFLICT ("day") DO UPDATE SET %1$s = t.%1$s + excluded.%1$s',
		counter,
		CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed
			ELSE added || ' UNION ALL ' || removed END);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_days_insert" AFTER INSERT ON "clients" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_day_totals_apply"('added', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "clients_days_update" AFTER UPDATE ON "clients"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_day_totals_apply"('added', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "clients_days_delete" AFTER DELETE ON "clients" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_day_totals_apply"('added', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "clients_days_truncate" AFTER TRUNCATE ON "clients"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_day_totals_apply"('added', 'created_at');
--> statement-breakpoint
CREATE TRIGGER "client_stage_moves_days_insert" AFTER INSERT ON "client_stage_moves"
	REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_day_totals_apply"('stage_moves', 'at');
--> statement-breakpoint
CREATE TRIGGER "client_stage_moves_days_update" AFTER UPDATE ON "client_stage_moves"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_day_totals_apply"('stage_moves', 'at');
--> statement-breakpoint
CREATE TRIGGER "client_stage_moves_days_delete" AFTER DELETE ON "client_stage_moves"
	REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_day_totals_apply"('stage_moves', 'at');
--> statement-breakpoint
CREATE TRIGGER "client_stage_moves_days_truncate" AFTER TRUNCATE ON "client_stage_moves"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_day_totals_apply"('stage_moves', 'at');
--> statement-breakpoint
-- the triggers' locks on both tables hold until commit: no write slips between them and this
INSERT INTO "client_day_totals" ("day", "added", "stage_moves")
SELECT "day", sum("added"), sum("stage_moves") FROM (
	SELECT "created_at"::date AS "day", 1 AS "added", 0 AS "stage_moves" FROM "clients"
	UNION ALL
	SELECT "at"::date, 0, 1 FROM "client_stage_moves") d
GROUP BY 1 ORDER BY 1;
