CREATE TABLE "answer_connectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_id" integer NOT NULL,
	"next_id" integer,
	"text" text NOT NULL,
	"is_right" smallint DEFAULT 0 NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"point" numeric(8, 2) DEFAULT '0' NOT NULL,
	"estimation_group_id" integer,
	"clasification_id" integer
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"text" text NOT NULL,
	"answer_type_id" integer DEFAULT 1 NOT NULL,
	"is_last" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_broadcasts" (
	"lesson_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "bot_broadcasts_lesson_id_student_id_pk" PRIMARY KEY("lesson_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "bot_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_users" (
	"telegram_id" bigint PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"student_id" integer NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"language_code" text DEFAULT '' NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"student_id" integer NOT NULL,
	"conversation_id" integer NOT NULL,
	"is_finished" smallint DEFAULT 0 NOT NULL,
	"is_bot" smallint DEFAULT 0 NOT NULL,
	"outer_user_id" bigint,
	"outer_user" jsonb,
	"meta" text DEFAULT '' NOT NULL,
	"algorithm_id" integer,
	"step" integer DEFAULT 0 NOT NULL,
	"current_answer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type_id" integer,
	"level_id" integer,
	"is_present" smallint DEFAULT 0 NOT NULL,
	"is_public" smallint DEFAULT 1 NOT NULL,
	"estimation_function_id" integer DEFAULT 1 NOT NULL,
	"price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"hash_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_hash_code_unique" UNIQUE("hash_code")
);
--> statement-breakpoint
CREATE TABLE "estimation_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"progress_id" integer NOT NULL,
	"is_bot" smallint NOT NULL,
	"text" text NOT NULL,
	"answer_connector_id" integer,
	"answer_id" integer,
	"type_id" integer NOT NULL,
	"flag_id" integer,
	"step" integer NOT NULL,
	"point" numeric(8, 2) DEFAULT '0' NOT NULL,
	"estimation_group_id" integer,
	"date_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answer_connectors" ADD CONSTRAINT "answer_connectors_from_id_answers_id_fk" FOREIGN KEY ("from_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_connectors" ADD CONSTRAINT "answer_connectors_next_id_answers_id_fk" FOREIGN KEY ("next_id") REFERENCES "public"."answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_connectors" ADD CONSTRAINT "answer_connectors_estimation_group_id_estimation_groups_id_fk" FOREIGN KEY ("estimation_group_id") REFERENCES "public"."estimation_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_connectors" ADD CONSTRAINT "answer_connectors_clasification_id_clasifications_id_fk" FOREIGN KEY ("clasification_id") REFERENCES "public"."clasifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_answer_type_id_answer_types_id_fk" FOREIGN KEY ("answer_type_id") REFERENCES "public"."answer_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_broadcasts" ADD CONSTRAINT "bot_broadcasts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_broadcasts" ADD CONSTRAINT "bot_broadcasts_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_users" ADD CONSTRAINT "bot_users_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_progress" ADD CONSTRAINT "conversation_progress_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_progress" ADD CONSTRAINT "conversation_progress_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_progress" ADD CONSTRAINT "conversation_progress_algorithm_id_algorithms_id_fk" FOREIGN KEY ("algorithm_id") REFERENCES "public"."algorithms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_progress" ADD CONSTRAINT "conversation_progress_current_answer_id_answers_id_fk" FOREIGN KEY ("current_answer_id") REFERENCES "public"."answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_type_id_conversation_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."conversation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_estimation_function_id_estimation_functions_id_fk" FOREIGN KEY ("estimation_function_id") REFERENCES "public"."estimation_functions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_groups" ADD CONSTRAINT "estimation_groups_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_progress_id_conversation_progress_id_fk" FOREIGN KEY ("progress_id") REFERENCES "public"."conversation_progress"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_answer_connector_id_answer_connectors_id_fk" FOREIGN KEY ("answer_connector_id") REFERENCES "public"."answer_connectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_estimation_group_id_estimation_groups_id_fk" FOREIGN KEY ("estimation_group_id") REFERENCES "public"."estimation_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_connectors_from_idx" ON "answer_connectors" USING btree ("from_id");--> statement-breakpoint
CREATE INDEX "answer_connectors_next_idx" ON "answer_connectors" USING btree ("next_id");--> statement-breakpoint
CREATE INDEX "answers_conversation_idx" ON "answers" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "bot_users_student_idx" ON "bot_users" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "conversation_progress_student_idx" ON "conversation_progress" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "conversation_progress_conversation_idx" ON "conversation_progress" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_progress_open_idx" ON "conversation_progress" USING btree ("student_id","conversation_id") WHERE "conversation_progress"."is_finished" = 0;--> statement-breakpoint
CREATE INDEX "estimation_groups_conversation_idx" ON "estimation_groups" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "messages_progress_idx" ON "messages" USING btree ("progress_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_reply_step_idx" ON "messages" USING btree ("progress_id","step") WHERE "messages"."is_bot" = 0;