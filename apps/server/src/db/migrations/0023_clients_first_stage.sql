-- Every client is in a stage (docs/clients.md, Stages): the clients made without one go to the
-- pipeline's first stage (by order, then id), each move recorded in the history as the
-- upgrade's own update (userId null, userName '(upgrade)', AUDIT_UPGRADE; docs/history.md).
-- Their stageChangedAt stays and no stage move is counted: the dashboard's moves are staff's.
-- The totals of migrations 0005, 0011 and 0019 follow the update through their triggers.
INSERT INTO "history" ("user_id", "user_name", "action", "entity", "entity_id", "changes")
SELECT NULL, '(upgrade)', 'update', 'clients', "clients"."id",
	jsonb_build_object('stageId', jsonb_build_array(NULL, "first"."id"))
FROM "clients"
CROSS JOIN (SELECT "id" FROM "stages" ORDER BY "sort_order", "id" LIMIT 1) AS "first"
WHERE "clients"."stage_id" IS NULL
ORDER BY "clients"."id";--> statement-breakpoint
UPDATE "clients"
SET "stage_id" = (SELECT "id" FROM "stages" ORDER BY "sort_order", "id" LIMIT 1)
WHERE "stage_id" IS NULL AND EXISTS (SELECT 1 FROM "stages");
