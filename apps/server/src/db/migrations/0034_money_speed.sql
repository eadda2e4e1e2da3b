DROP INDEX "accounts_due_student_idx";--> statement-breakpoint
ALTER TABLE "open_charges" ADD COLUMN "at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "open_charges" ADD COLUMN "entry_id" integer;--> statement-breakpoint
CREATE INDEX "accounts_due_student_idx" ON "accounts" USING btree ("due" DESC NULLS LAST,"student_id");--> statement-breakpoint
-- the balances' ages, worked out at their first read (ADR 048)
ALTER TABLE "accounts" ADD COLUMN "aged_on" date;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "d0_30" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "d31_60" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "d61_90" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "d90plus" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- each open part's place in what covers what (ADR 048): its participation's latest charge
-- entry, or its adjustment's entry, as the coverage orders its debits
UPDATE "open_charges" o SET "at" = c."at", "entry_id" = c."id"
FROM (
  SELECT "student_id", "event_id", max("at") FILTER (WHERE NOT "correction") AS "at",
    max("id") FILTER (WHERE NOT "correction") AS "id"
  FROM "ledger_entries"
  WHERE "kind" = 'charge' AND "event_id" IN (SELECT "event_id" FROM "open_charges")
  GROUP BY "student_id", "event_id"
) c
WHERE o."event_id" = c."event_id" AND o."student_id" = c."student_id";--> statement-breakpoint
UPDATE "open_charges" o SET "at" = l."at", "entry_id" = l."id"
FROM "ledger_entries" l
WHERE o."adjustment_id" IS NOT NULL AND l."adjustment_id" = o."adjustment_id"
  AND l."kind" = 'adjustment';
