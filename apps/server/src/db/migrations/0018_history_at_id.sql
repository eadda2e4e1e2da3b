DROP INDEX "history_at_idx";--> statement-breakpoint
CREATE INDEX "history_at_id_idx" ON "history" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);