ALTER TABLE "client_stage_totals" ADD COLUMN "weighted_sum" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The same statement-level triggers (0005) now also keep the sum of price x probability / 100,
-- the dashboard's pipeline value, so it is read rather than summed over every client.
CREATE OR REPLACE FUNCTION "client_stage_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	added CONSTANT text := 'SELECT "stage_id", "price", "price" * "probability" / 100.0 AS "w", 1 AS "n" FROM "new_rows"';
	removed CONSTANT text := 'SELECT "stage_id", -"price" AS "price", -("price" * "probability" / 100.0) AS "w", -1 AS "n" FROM "old_rows"';
BEGIN
	IF TG_OP = 'TRUNCATE' THEN
		DELETE FROM "client_stage_totals";
		RETURN NULL;
	END IF;
	EXECUTE 'INSERT INTO "client_stage_totals" AS t ("stage_key", "clients", "price_sum", "weighted_sum")
		SELECT coalesce(d."stage_id", 0), sum(d."n"), coalesce(sum(d."price"), 0), coalesce(sum(d."w"), 0) FROM ('
		|| CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed
			ELSE added || ' UNION ALL ' || removed END
		|| ') d GROUP BY 1
		HAVING sum(d."n") <> 0 OR coalesce(sum(d."price"), 0) <> 0 OR coalesce(sum(d."w"), 0) <> 0
		ORDER BY 1
		ON CONFLICT ("stage_key") DO UPDATE SET "clients" = t."clients" + excluded."clients",
			"price_sum" = t."price_sum" + excluded."price_sum",
			"weighted_sum" = t."weighted_sum" + excluded."weighted_sum"';
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- the new column's lock on the totals holds writers to clients until commit
UPDATE "client_stage_totals" AS t SET "weighted_sum" = c."w"
FROM (SELECT coalesce("stage_id", 0) AS "stage_key", coalesce(sum("price" * "probability" / 100.0), 0) AS "w"
	FROM "clients" GROUP BY 1) AS c
WHERE t."stage_key" = c."stage_key";
