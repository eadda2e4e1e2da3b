-- Payment reminders by Telegram (docs/money.md, Payment reminders; ADR 046): one row per
-- student and school day, claimed before the message is sent (the unique index makes two runs
-- at once one claim); what was due, the chat, and Telegram's message id or its error.
CREATE TABLE "payment_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"day" date NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_id" bigint,
	"error" text,
	CONSTRAINT "payment_reminders_amount" CHECK ("payment_reminders"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reminders_student_day_idx" ON "payment_reminders" USING btree ("student_id","day");
