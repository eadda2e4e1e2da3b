CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"csv" "bytea",
	"skip_errors" boolean DEFAULT false NOT NULL,
	"file_name" text,
	"actor" jsonb,
	"result" jsonb,
	"error" jsonb,
	"status" integer,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_one_active" ON "import_jobs" USING btree ((true)) WHERE "import_jobs"."state" in ('queued', 'running');