-- isPaid becomes derived from the ledger (docs/money.md, isPaid; ADR 039). The payments that
-- name a participation are found by this index.
CREATE INDEX "payments_events_idx" ON "payments" USING gin ("events");--> statement-breakpoint
-- Every participation ticked paid before the ledger stays paid: a payment of its charge,
-- method other, reference 'marked paid', naming it, dated at this upgrade, with its ledger
-- entry. Its charge here is the one charge function's rule (price / 60 x duration, rounded
-- once, half up, to a grosz, exact in numeric), for toPay 0 or 1 and a status that charges.
-- A participation still ahead keeps its tick the same way (docs/money.md, Upgrade). The
-- students' accounts are worked out at their next money read. Runs once: a participation a
-- payment already names is left alone.
WITH "ticked" AS (
	SELECT e."id", e."student_id", (round(l."price" * l."duration" / 60, 2) * 100)::bigint AS "amount"
	FROM "events" e
	JOIN "lessons" l ON l."id" = e."lesson_id"
	LEFT JOIN "attendance_statuses" s ON s."id" = e."attendence"
	WHERE e."is_paid" AND e."to_pay" IN (0, 1) AND coalesce(s."charge", true)
		AND round(l."price" * l."duration" / 60, 2) > 0
		AND NOT EXISTS (SELECT 1 FROM "payments" p WHERE e."id" = ANY (p."events"))
), "paid" AS (
	INSERT INTO "payments" ("student_id", "amount", "date", "method", "reference", "note", "events")
	SELECT "student_id", "amount", current_date, 'other', 'marked paid', 'ticked paid before the ledger', ARRAY["id"]
	FROM "ticked" ORDER BY "id"
	RETURNING "id", "student_id", "amount", "date"
)
INSERT INTO "ledger_entries" ("student_id", "kind", "at", "date", "amount", "payment_id", "note")
SELECT "student_id", 'payment', now(), "date", -"amount", "id", 'other marked paid' FROM "paid";
