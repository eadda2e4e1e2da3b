ALTER TABLE "lessons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A lesson made before this migration was last changed, as far as anyone knows, when made.
UPDATE "lessons" SET "updated_at" = "created_at";--> statement-breakpoint
-- A calendar feed's SEQUENCE and LAST-MODIFIED of a lesson (docs/schedule.md, Calendar feed; ADR
-- 035): every update that changes what the feed shows of it (its date, times, teacher, course,
-- comment, resources) counts once, whichever statement made it (a form, a series' following
-- change or move), in the writer's transaction. Other columns (the series' links, homework,
-- reminders) leave both as they are.
CREATE FUNCTION "lessons_sequence_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."sequence" := OLD."sequence" + 1;
	NEW."updated_at" := now();
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "lessons_sequence_bump" BEFORE UPDATE ON "lessons" FOR EACH ROW
	WHEN ((OLD."date", OLD."start", OLD."end", OLD."teacher_id", OLD."course", OLD."comment", OLD."resources")
		IS DISTINCT FROM (NEW."date", NEW."start", NEW."end", NEW."teacher_id", NEW."course", NEW."comment", NEW."resources"))
	EXECUTE FUNCTION "lessons_sequence_bump"();
