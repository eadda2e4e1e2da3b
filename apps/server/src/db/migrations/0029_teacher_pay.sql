-- Teachers' pay (docs/money.md, Teachers' pay; ADR 042). pay_rates: a teacher's rate from a
-- date, kept as history (grosze for hour and lesson, basis points for percent), one per teacher
-- and date. pay_runs: a teacher's approved month, one per teacher and month (the unique
-- constraint makes two approvals at once one run). pay_lines: an approved run's frozen lines.
CREATE TABLE "pay_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"date" date NOT NULL,
	"start" time NOT NULL,
	"end" time NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"hours" numeric(10, 2) NOT NULL,
	"kind" text,
	"rate_id" integer,
	"rate" integer,
	"amount" bigint NOT NULL,
	"correction" boolean DEFAULT false NOT NULL,
	"corrects_month" text
);
--> statement-breakpoint
CREATE TABLE "pay_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_rates_teacher_from_unique" UNIQUE("teacher_id","from"),
	CONSTRAINT "pay_rates_kind" CHECK ("pay_rates"."kind" in ('hour', 'lesson', 'percent')),
	CONSTRAINT "pay_rates_value" CHECK ("pay_rates"."value" >= 0 and ("pay_rates"."kind" <> 'percent' or "pay_rates"."value" <= 10000))
);
--> statement-breakpoint
CREATE TABLE "pay_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"month" text NOT NULL,
	"state" text DEFAULT 'approved' NOT NULL,
	"lessons" integer NOT NULL,
	"hours" numeric(10, 2) NOT NULL,
	"amount" bigint NOT NULL,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" integer,
	"paid_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_runs_teacher_month_unique" UNIQUE("teacher_id","month"),
	CONSTRAINT "pay_runs_state" CHECK ("pay_runs"."state" in ('approved', 'paid')),
	CONSTRAINT "pay_runs_month" CHECK ("pay_runs"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "pay_lines" ADD CONSTRAINT "pay_lines_run_id_pay_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."pay_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_lines" ADD CONSTRAINT "pay_lines_rate_id_pay_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."pay_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_runs" ADD CONSTRAINT "pay_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_lines_run_idx" ON "pay_lines" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "pay_lines_lesson_idx" ON "pay_lines" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "pay_lines_rate_idx" ON "pay_lines" USING btree ("rate_id");