CREATE TABLE "student_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"date_from" date,
	"date_to" date,
	"car_registr_num" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"surname" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"g_meet_id" text DEFAULT '' NOT NULL,
	"gdocument" text DEFAULT '' NOT NULL,
	"g_dictionary_ua" text DEFAULT '' NOT NULL,
	"g_dictionary_eng" text DEFAULT '' NOT NULL,
	"telegram_username" text DEFAULT '' NOT NULL,
	"facebook" text DEFAULT '' NOT NULL,
	"schedule" text DEFAULT '' NOT NULL,
	"ocupation" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"responsible_id" integer,
	"project_id" integer,
	"level_id" integer,
	"group_id" integer,
	"timezone" text DEFAULT '' NOT NULL,
	"has_broadcast" boolean DEFAULT false NOT NULL,
	"hash_code" text NOT NULL,
	"client_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_hash_code_unique" UNIQUE("hash_code"),
	CONSTRAINT "students_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_documents_student_idx" ON "student_documents" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_documents_date_to_idx" ON "student_documents" USING btree ("date_to");--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ("name","surname");--> statement-breakpoint
CREATE INDEX "students_email_idx" ON "students" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "students_responsible_idx" ON "students" USING btree ("responsible_id");--> statement-breakpoint
CREATE INDEX "students_project_idx" ON "students" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "students_level_idx" ON "students" USING btree ("level_id");--> statement-breakpoint
CREATE INDEX "students_group_idx" ON "students" USING btree ("group_id");