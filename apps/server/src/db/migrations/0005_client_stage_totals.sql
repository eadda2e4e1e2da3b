CREATE TABLE "client_stage_totals" (
	"stage_key" integer PRIMARY KEY NOT NULL,
	"clients" integer DEFAULT 0 NOT NULL,
	"price_sum" numeric(16, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
-- Kept by statement-level triggers: one upsert per statement whatever the number of rows (an
-- import of 100 000 rows adds one delta per stage, not 100 000), in the writer's transaction.
-- Keys are upserted in order, so two writers lock totals rows in the same order.
CREATE FUNCTION "client_stage_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	added CONSTANT text := 'SELECT "stage_id", "price", 1 AS "n" FROM "new_rows"';
	removed CONSTANT text := 'SELECT "stage_id", -"price" AS "price", -1 AS "n" FROM "old_rows"';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "client_stage_totals";
		RETURN NULL;
	END IF;
	EXECUTE 'INSERT INTO "client_stage_totals" AS t ("stage_key", "clients", "price_sum")
		SELECT coalesce(d."stage_id", 0), sum(d."n"), coalesce(sum(d."price"), 0) FROM ('
		|| CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed
			ELSE added || ' UNION ALL ' || removed END
		|| ') d GROUP BY 1 HAVING sum(d."n") <> 0 OR coalesce(sum(d."price"), 0) <> 0 ORDER BY 1
		ON CONFLICT ("stage_key") DO UPDATE SET "clients" = t."clients" + excluded."clients",
			"price_sum" = t."price_sum" + excluded."price_sum"';
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_totals_insert" AFTER INSERT ON "clients" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_stage_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "clients_totals_update" AFTER UPDATE ON "clients"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_stage_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "clients_totals_delete" AFTER DELETE ON "clients" REFERENCING OLD TABLE AS "old_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_stage_totals_apply"();
--> statement-breakpoint
CREATE TRIGGER "clients_totals_truncate" AFTER TRUNCATE ON "clients"
	FOR EACH STATEMENT EXECUTE FUNCTION "client_stage_totals_apply"();
--> statement-breakpoint
-- the triggers' lock on clients holds until commit: no write slips between them and this
INSERT INTO "client_stage_totals" ("stage_key", "clients", "price_sum")
SELECT coalesce("stage_id", 0), count(*), coalesce(sum("price"), 0) FROM "clients" GROUP BY 1;
