CREATE TABLE "game_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"grid_id" integer,
	"set_id" integer,
	"student_id" integer NOT NULL,
	"score" integer NOT NULL,
	"max" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"cards" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"play_id" text NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_results_play_id_unique" UNIQUE("play_id")
);
--> statement-breakpoint
CREATE TABLE "game_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grid_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"grid_id" integer NOT NULL,
	"value" text NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "set_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"grid_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_results" ADD CONSTRAINT "game_results_grid_id_game_sets_id_fk" FOREIGN KEY ("grid_id") REFERENCES "public"."game_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_results" ADD CONSTRAINT "game_results_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_results" ADD CONSTRAINT "game_results_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_cards" ADD CONSTRAINT "grid_cards_grid_id_game_sets_id_fk" FOREIGN KEY ("grid_id") REFERENCES "public"."game_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_cards" ADD CONSTRAINT "set_cards_set_id_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_cards" ADD CONSTRAINT "set_cards_grid_id_game_sets_id_fk" FOREIGN KEY ("grid_id") REFERENCES "public"."game_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_results_student_idx" ON "game_results" USING btree ("student_id","played_at");--> statement-breakpoint
CREATE INDEX "game_results_grid_idx" ON "game_results" USING btree ("grid_id");--> statement-breakpoint
CREATE INDEX "game_results_set_idx" ON "game_results" USING btree ("set_id");--> statement-breakpoint
CREATE INDEX "grid_cards_grid_idx" ON "grid_cards" USING btree ("grid_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "set_cards_set_idx" ON "set_cards" USING btree ("set_id","position","id");--> statement-breakpoint
CREATE INDEX "set_cards_grid_idx" ON "set_cards" USING btree ("grid_id");