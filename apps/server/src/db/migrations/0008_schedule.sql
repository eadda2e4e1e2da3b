CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"to_pay" smallint DEFAULT 0 NOT NULL,
	"attendence" smallint DEFAULT 0 NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"date" date,
	"start" time,
	"end" time,
	"homework" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_lesson_student_unique" UNIQUE("lesson_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"materialised_until" date NOT NULL,
	"start" time NOT NULL,
	"end" time NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"duration" numeric(8, 2) NOT NULL,
	"group_id" integer,
	"teacher_id" integer,
	"has_broadcast" boolean DEFAULT false NOT NULL,
	"course" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"resources" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_series_students" (
	"series_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"to_pay" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "lesson_series_students_series_id_student_id_pk" PRIMARY KEY("series_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"start" time NOT NULL,
	"end" time NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"duration" numeric(8, 2) NOT NULL,
	"group_id" integer,
	"teacher_id" integer,
	"has_broadcast" boolean DEFAULT false NOT NULL,
	"course" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"resources" text DEFAULT '' NOT NULL,
	"homework" text DEFAULT '' NOT NULL,
	"series_id" integer,
	"slot_date" date,
	"next_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lessons_series_slot_unique" UNIQUE("series_id","slot_date"),
	CONSTRAINT "lessons_end_after_start" CHECK ("lessons"."end" > "lessons"."start"),
	CONSTRAINT "lessons_duration_positive" CHECK ("lessons"."duration" > 0),
	CONSTRAINT "lessons_price_not_negative" CHECK ("lessons"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ical_token" text;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series" ADD CONSTRAINT "lesson_series_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series" ADD CONSTRAINT "lesson_series_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series_students" ADD CONSTRAINT "lesson_series_students_series_id_lesson_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."lesson_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_series_students" ADD CONSTRAINT "lesson_series_students_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_series_id_lesson_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."lesson_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_next_id_lessons_id_fk" FOREIGN KEY ("next_id") REFERENCES "public"."lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_student_idx" ON "events" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "lessons_date_idx" ON "lessons" USING btree ("date","start");--> statement-breakpoint
CREATE INDEX "lessons_teacher_date_idx" ON "lessons" USING btree ("teacher_id","date");--> statement-breakpoint
CREATE INDEX "lessons_group_idx" ON "lessons" USING btree ("group_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ical_token_unique" UNIQUE("ical_token");