-- Staff roles (docs/roles.md): admin, manager or teacher. The admins stay admins, everyone
-- else becomes a manager; is_admin goes, an admin being exactly a user of role admin.
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'manager' NOT NULL;--> statement-breakpoint
UPDATE "users" SET "role" = CASE WHEN "is_admin" THEN 'admin' ELSE 'manager' END;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'manager', 'teacher'));
