CREATE TABLE "backup_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"trigger" text NOT NULL,
	"state" text NOT NULL,
	"tables_done" integer DEFAULT 0 NOT NULL,
	"tables_total" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"file_name" text,
	"file_size" bigint,
	"file_created_at" timestamp with time zone,
	"error" text,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "backup_jobs_one_active" ON "backup_jobs" USING btree ((true)) WHERE "backup_jobs"."state" in ('queued', 'running');