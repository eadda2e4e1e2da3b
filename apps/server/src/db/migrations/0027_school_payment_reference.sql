-- The school's details (docs/money.md, How a learner pays; ADR 040): one row, id 1, which admins
-- change in Settings; versioned like every record staff edit through a form (ADR 038).
CREATE TABLE "school_details" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"iban" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'PLN' NOT NULL,
	"vat_exemption" text DEFAULT '' NOT NULL,
	CONSTRAINT "school_details_one_row" CHECK ("school_details"."id" = 1),
	CONSTRAINT "school_details_currency" CHECK ("school_details"."currency" in ('PLN', 'EUR'))
);--> statement-breakpoint
INSERT INTO "school_details" ("id") VALUES (1);--> statement-breakpoint
CREATE TRIGGER "school_details_version_bump" BEFORE UPDATE ON "school_details" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "record_version_bump"();--> statement-breakpoint
-- A student's payment reference (ADR 040): six characters of an alphabet without 0, 1, I and O,
-- with a digit and a letter in each (never a word, never a number), drawn from
-- gen_random_uuid()'s random bytes (the first six are all random; 256 is 8 x 32, so each
-- character is as likely as the others), again until no student has it. The unique index
-- refuses the one-in-a-billion pair drawn at the same moment by two transactions.
CREATE FUNCTION "new_payment_reference"() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
	bytes bytea;
	reference text;
BEGIN
	LOOP
		bytes := uuid_send(gen_random_uuid());
		reference := '';
		FOR i IN 0..5 LOOP
			reference := reference || substr(alphabet, get_byte(bytes, i) % 32 + 1, 1);
		END LOOP;
		CONTINUE WHEN reference !~ '[2-9]' OR reference !~ '[A-Z]';
		EXIT WHEN NOT EXISTS (SELECT 1 FROM "students" WHERE "payment_reference" = reference);
	END LOOP;
	RETURN reference;
END
$$;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "payment_reference" text;--> statement-breakpoint
CREATE UNIQUE INDEX "students_payment_reference_unique" ON "students" USING btree ("payment_reference");--> statement-breakpoint
-- Every student there is gets one, one statement each so that each draw sees the ones before.
-- Not a change of the record anyone made: the version stays (its trigger is off meanwhile).
ALTER TABLE "students" DISABLE TRIGGER "students_version_bump";--> statement-breakpoint
DO $$
DECLARE
	student integer;
BEGIN
	FOR student IN SELECT "id" FROM "students" WHERE "payment_reference" IS NULL ORDER BY "id" LOOP
		UPDATE "students" SET "payment_reference" = "new_payment_reference"() WHERE "id" = student;
	END LOOP;
END
$$;--> statement-breakpoint
ALTER TABLE "students" ENABLE TRIGGER "students_version_bump";--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "payment_reference" SET DEFAULT new_payment_reference();--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "payment_reference" SET NOT NULL;
