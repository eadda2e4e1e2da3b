CREATE TABLE "client_stage_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"from_stage_id" integer,
	"to_stage_id" integer,
	"moved_by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"tel" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2),
	"d_last_contact" date,
	"probability" integer,
	"responsible_id" integer,
	"project_id" integer,
	"stage_id" integer,
	"language_id" integer,
	"category_id" integer,
	"product_id" integer,
	"source_id" integer,
	"hash_code" text NOT NULL,
	"date_birth" date,
	"position" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"age" integer,
	"facebook" text DEFAULT '' NOT NULL,
	"telegram_username" text DEFAULT '' NOT NULL,
	"timezone" text DEFAULT '' NOT NULL,
	"last_activity" timestamp with time zone,
	"device" text DEFAULT '' NOT NULL,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_hash_code_unique" UNIQUE("hash_code")
);
--> statement-breakpoint
ALTER TABLE "client_stage_moves" ADD CONSTRAINT "client_stage_moves_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_stage_moves" ADD CONSTRAINT "client_stage_moves_from_stage_id_stages_id_fk" FOREIGN KEY ("from_stage_id") REFERENCES "public"."stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_stage_moves" ADD CONSTRAINT "client_stage_moves_to_stage_id_stages_id_fk" FOREIGN KEY ("to_stage_id") REFERENCES "public"."stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_stage_moves" ADD CONSTRAINT "client_stage_moves_moved_by_users_id_fk" FOREIGN KEY ("moved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_stage_id_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_source_id_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_stage_moves_at_idx" ON "client_stage_moves" USING btree ("at");--> statement-breakpoint
CREATE INDEX "client_stage_moves_client_idx" ON "client_stage_moves" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "clients_stage_name_idx" ON "clients" USING btree ("stage_id","last_name","id");--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "clients_email_idx" ON "clients" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "clients_tel_idx" ON "clients" USING btree ("tel");--> statement-breakpoint
CREATE INDEX "clients_responsible_idx" ON "clients" USING btree ("responsible_id");--> statement-breakpoint
CREATE INDEX "clients_project_idx" ON "clients" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "clients_product_idx" ON "clients" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "clients_source_idx" ON "clients" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "clients_created_idx" ON "clients" USING btree ("created_at");