-- Record history (docs/history.md, ADR 027). pg_trgm serves the history's search; it is a
-- trusted extension, which the database's owner may create.
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE INDEX "history_at_idx" ON "history" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_entity_idx" ON "history" USING btree ("entity","entity_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_user_idx" ON "history" USING btree ("user_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "history_search_idx" ON "history" USING gin (("user_name" || ' ' || "action" || ' ' || "entity" || ' ' || "changes"::text) gin_trgm_ops);
