-- Attendance statuses (docs/money.md, Attendance statuses; ADR 039): the values of a
-- participation's `attendence`, fixed ids, each saying whether it charges the student and pays
-- the teacher. Staff may rename them and change both flags; the translation key goes on rename.
CREATE TABLE "attendance_statuses" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text,
	"charge" boolean NOT NULL,
	"pay_teacher" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
-- its version counts its changes like every edited record's (migration 0022, ADR 038)
CREATE TRIGGER "attendance_statuses_version_bump" BEFORE UPDATE ON "attendance_statuses" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION "record_version_bump"();
--> statement-breakpoint
INSERT INTO "attendance_statuses" ("id", "name", "key", "charge", "pay_teacher") VALUES
	(0, 'Not marked', 'attendance.notMarked', true, true),
	(1, 'Present', 'attendance.present', true, true),
	(2, 'Absent', 'attendance.absent', true, true),
	(3, 'Excused', 'attendance.excused', false, false),
	(4, 'Late cancel', 'attendance.lateCancel', true, true),
	(5, 'Cancelled by the school', 'attendance.cancelledBySchool', false, false);
--> statement-breakpoint
-- Before, anything but 0 and 1 meant absent (docs/schedule.md): such a value becomes 2, absent.
UPDATE "events" SET "attendence" = 2 WHERE "attendence" NOT BETWEEN 0 AND 5;
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_attendence_attendance_statuses_id_fk" FOREIGN KEY ("attendence") REFERENCES "public"."attendance_statuses"("id") ON DELETE no action ON UPDATE no action;
