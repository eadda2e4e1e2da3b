CREATE TABLE "student_page_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_page_views_student_day_unique" UNIQUE("student_id","day")
);
--> statement-breakpoint
ALTER TABLE "student_page_views" ADD CONSTRAINT "student_page_views_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;