-- When each participation falls due, kept (docs/money.md, Falling due; ADR 041): its end on the
-- school's wall clock and whether its charge is in the ledger. "Has anything fallen due since?"
-- becomes one scan of a partial index of the participations not charged, so every read can ask
-- it; a participation moved ahead after its charge was due is not charged any more, and is
-- charged again, once, when its new end passes.
CREATE TABLE "participation_dues" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"ends_at" timestamp NOT NULL,
	"charged" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participation_dues" ADD CONSTRAINT "participation_dues_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The kept figures go with a student who has no money: the ledger, payments and adjustments
-- still refuse the delete of one who has (409, docs/money.md).
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The balances' first page, largest due first, read off the index in its order.
DROP INDEX "accounts_due_idx";--> statement-breakpoint
CREATE INDEX "accounts_due_student_idx" ON "accounts" USING btree ("due" DESC,"student_id");--> statement-breakpoint
-- A participation may be charged again after a move ahead: "once" is now the flag, set under
-- the row's lock (UPDATE ... WHERE NOT charged), in the transaction that writes the charge.
DROP INDEX "ledger_entries_charge_once";--> statement-breakpoint
CREATE INDEX "participation_dues_pending_idx" ON "participation_dues" USING btree ("ends_at") WHERE not "participation_dues"."charged";--> statement-breakpoint
CREATE INDEX "participation_dues_student_pending_idx" ON "participation_dues" USING btree ("student_id","ends_at") WHERE not "participation_dues"."charged";--> statement-breakpoint
-- Kept by triggers, in the writer's transaction, whatever writes the rows: a new participation
-- (one statement for all the rows of a statement), a participation's own date, times or lesson,
-- a lesson's date or end. A restore loads the table as it was, its triggers off.
CREATE FUNCTION "participation_dues_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "participation_dues" ("event_id", "student_id", "ends_at")
	SELECT n."id", n."student_id", coalesce(n."date", l."date") + coalesce(n."end", l."end")
	FROM "new_rows" n JOIN "lessons" l ON l."id" = n."lesson_id";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_dues_insert" AFTER INSERT ON "events" REFERENCING NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "participation_dues_added"();
--> statement-breakpoint
CREATE FUNCTION "participation_dues_event_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "participation_dues" d
	SET "student_id" = NEW."student_id",
		"ends_at" = coalesce(NEW."date", l."date") + coalesce(NEW."end", l."end")
	FROM "lessons" l WHERE l."id" = NEW."lesson_id" AND d."event_id" = NEW."id";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_dues_update" AFTER UPDATE OF "date", "end", "lesson_id", "student_id" ON "events"
	FOR EACH ROW WHEN (OLD."date" IS DISTINCT FROM NEW."date" OR OLD."end" IS DISTINCT FROM NEW."end"
		OR OLD."lesson_id" <> NEW."lesson_id" OR OLD."student_id" <> NEW."student_id")
	EXECUTE FUNCTION "participation_dues_event_moved"();
--> statement-breakpoint
CREATE FUNCTION "participation_dues_lesson_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "participation_dues" d
	SET "ends_at" = coalesce(e."date", NEW."date") + coalesce(e."end", NEW."end")
	FROM "events" e WHERE e."lesson_id" = NEW."id" AND d."event_id" = e."id";
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lessons_dues_update" AFTER UPDATE OF "date", "end" ON "lessons"
	FOR EACH ROW WHEN (OLD."date" IS DISTINCT FROM NEW."date" OR OLD."end" IS DISTINCT FROM NEW."end")
	EXECUTE FUNCTION "participation_dues_lesson_moved"();
--> statement-breakpoint
-- Every participation there is: charged when the ledger has its charge. One charged before and
-- since moved ahead (its end later than now in every zone: 14 hours is the largest offset) was
-- corrected to 0 by the rule before this one: it is charged again when its new end passes.
INSERT INTO "participation_dues" ("event_id", "student_id", "ends_at", "charged")
SELECT e."id", e."student_id", coalesce(e."date", l."date") + coalesce(e."end", l."end"),
	EXISTS (SELECT 1 FROM "ledger_entries" c
		WHERE c."event_id" = e."id" AND c."kind" = 'charge' AND NOT c."correction")
	AND coalesce(e."date", l."date") + coalesce(e."end", l."end")
		<= (now() AT TIME ZONE 'UTC') + interval '14 hours'
FROM "events" e JOIN "lessons" l ON l."id" = e."lesson_id";
