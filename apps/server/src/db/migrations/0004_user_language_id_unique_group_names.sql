ALTER TABLE "users" ADD COLUMN "language_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- a user's language was stored as its name: keep it as the lookup id (any case); an unknown name becomes null
UPDATE "users" SET "language_id" = (SELECT min("languages"."id") FROM "languages" WHERE lower(btrim("languages"."name")) = lower(btrim("users"."language")));--> statement-breakpoint
-- group names become unique (any case, trimmed): a duplicate created earlier keeps its id in its name
UPDATE "groups" SET "name" = "groups"."name" || ' (' || "groups"."id" || ')' WHERE EXISTS (SELECT 1 FROM "groups" "o" WHERE lower(btrim("o"."name")) = lower(btrim("groups"."name")) AND "o"."id" < "groups"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_lower_idx" ON "groups" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE INDEX "users_language_idx" ON "users" USING btree ("language_id");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "language";
