-- Invoices (docs/money.md, Invoices; ADR 044). invoice_counters: the last number of each series
-- (FV invoices, FK correcting invoices) and year, incremented under its row lock by the issuing
-- transaction, so numbers have no gaps and never repeat. invoices: frozen once issued (a trigger
-- refuses UPDATE and DELETE), one FV per student and month.
CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_year_pk" PRIMARY KEY("series","year"),
	CONSTRAINT "invoice_counters_series" CHECK ("invoice_counters"."series" in ('FV', 'FK'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"student_id" integer NOT NULL,
	"month" text NOT NULL,
	"total" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issue_date" date NOT NULL,
	"corrects_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"document" jsonb NOT NULL,
	"issued_by" integer,
	CONSTRAINT "invoices_series_year_seq" UNIQUE("series","year","seq"),
	CONSTRAINT "invoices_series" CHECK ("invoices"."series" in ('FV', 'FK')),
	CONSTRAINT "invoices_month" CHECK ("invoices"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "invoices_corrects" CHECK (("invoices"."series" = 'FK') = ("invoices"."corrects_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_id_invoices_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_month" ON "invoices" USING btree ("student_id","month") WHERE "invoices"."series" = 'FV';--> statement-breakpoint
CREATE INDEX "invoices_student_idx" ON "invoices" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "invoices_issue_date_idx" ON "invoices" USING btree ("issue_date","id");--> statement-breakpoint
CREATE INDEX "invoices_corrects_idx" ON "invoices" USING btree ("corrects_id");--> statement-breakpoint
-- Frozen: an invoice is never changed or deleted; a mistake is corrected by a correcting invoice.
CREATE FUNCTION "invoices_frozen"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'invoices are never changed or deleted; issue a correcting invoice'
		USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoices_frozen" BEFORE UPDATE OR DELETE ON "invoices"
	FOR EACH ROW EXECUTE FUNCTION "invoices_frozen"();
