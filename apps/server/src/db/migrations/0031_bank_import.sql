-- Bank statement import (docs/money.md, Bank statements; ADR 045). bank_rows: the incoming
-- transfers of imported statements, each once by its dedup key (the bank's transaction id, else a
-- hash of date, amount, title and counterparty account with its occurrence in its file: the unique
-- index holds against a statement imported twice and against two imports at once), paid by a
-- student's reference, waiting for review, assigned by hand or dismissed. bank_mappings: a
-- mapping of a bank's columns remembered for its header row's fingerprint.
CREATE TABLE "bank_mappings" (
	"key" text PRIMARY KEY NOT NULL,
	"columns" text[] NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedup_key" text NOT NULL,
	"bank" text,
	"booked_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"counterparty" text DEFAULT '' NOT NULL,
	"account" text DEFAULT '' NOT NULL,
	"transaction_id" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"student_id" integer,
	"payment_id" integer,
	"suggested_student_id" integer,
	"file_name" text DEFAULT '' NOT NULL,
	"line" integer DEFAULT 0 NOT NULL,
	"imported_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "bank_rows_amount" CHECK ("bank_rows"."amount" > 0),
	CONSTRAINT "bank_rows_status" CHECK ("bank_rows"."status" in ('matched', 'unmatched', 'assigned', 'dismissed')),
	CONSTRAINT "bank_rows_paid_student" CHECK ("bank_rows"."status" not in ('matched', 'assigned') or "bank_rows"."student_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "bank_mappings" ADD CONSTRAINT "bank_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rows" ADD CONSTRAINT "bank_rows_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rows" ADD CONSTRAINT "bank_rows_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rows" ADD CONSTRAINT "bank_rows_suggested_student_id_students_id_fk" FOREIGN KEY ("suggested_student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rows" ADD CONSTRAINT "bank_rows_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_rows" ADD CONSTRAINT "bank_rows_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_rows_dedup_key_unique" ON "bank_rows" USING btree ("dedup_key");--> statement-breakpoint
CREATE INDEX "bank_rows_status_idx" ON "bank_rows" USING btree ("status","booked_on" DESC NULLS LAST,"id" DESC NULLS LAST);