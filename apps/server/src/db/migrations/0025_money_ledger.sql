-- The money ledger (docs/money.md, ADR 039): payments, adjustments, the append-only ledger of
-- every student's charges, payments, adjustments and voids in whole grosze, the students' kept
-- figures (accounts) and what covers what (coverage, open_charges), recomputed under the
-- account's lock.
CREATE TABLE "accounts" (
	"student_id" integer PRIMARY KEY NOT NULL,
	"due" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"oldest_due_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"date" date NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjustments_amount_range" CHECK ("adjustments"."amount" <> 0 and abs("adjustments"."amount") <= 100000000)
);
--> statement-breakpoint
CREATE TABLE "coverage" (
	"student_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"payment_id" integer,
	"adjustment_id" integer,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"correction" boolean DEFAULT false NOT NULL,
	"event_id" integer,
	"lesson_id" integer,
	"payment_id" integer,
	"adjustment_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('charge', 'payment', 'adjustment', 'void'))
);
--> statement-breakpoint
CREATE TABLE "open_charges" (
	"student_id" integer NOT NULL,
	"event_id" integer,
	"adjustment_id" integer,
	"date" date NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"date" date NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"events" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"voided" boolean DEFAULT false NOT NULL,
	"void_reason" text DEFAULT '' NOT NULL,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_range" CHECK ("payments"."amount" between 1 and 100000000),
	CONSTRAINT "payments_method" CHECK ("payments"."method" in ('cash', 'transfer', 'card', 'other'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjustments" ADD CONSTRAINT "adjustments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_adjustment_id_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_due_idx" ON "accounts" USING btree ("due");--> statement-breakpoint
CREATE INDEX "adjustments_student_idx" ON "adjustments" USING btree ("student_id","date");--> statement-breakpoint
CREATE INDEX "coverage_student_idx" ON "coverage" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "coverage_event_idx" ON "coverage" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_student_idx" ON "ledger_entries" USING btree ("student_id","at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_date_idx" ON "ledger_entries" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_charge_once" ON "ledger_entries" USING btree ("event_id") WHERE "ledger_entries"."kind" = 'charge' and not "ledger_entries"."correction";--> statement-breakpoint
CREATE INDEX "ledger_entries_event_idx" ON "ledger_entries" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "open_charges_student_idx" ON "open_charges" USING btree ("student_id","date");--> statement-breakpoint
CREATE INDEX "payments_student_idx" ON "payments" USING btree ("student_id","date");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("date");--> statement-breakpoint
-- Append-only: nothing in the ledger is changed or deleted; a mistake is corrected by a new
-- entry (a void, a correcting charge).
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'ledger entries are never changed or deleted; write a correcting entry'
		USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();
