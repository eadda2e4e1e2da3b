-- what a payment covers, read with the payment (its answer, the payments' list, a bank
-- statement's payments): by an index, not a scan of every student's coverage
CREATE INDEX "coverage_payment_idx" ON "coverage" USING btree ("payment_id");
