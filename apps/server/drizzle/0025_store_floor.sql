CREATE TABLE "exit_alarms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"device_id" integer,
	"area_id" integer,
	"item_id" bigint NOT NULL,
	"epc" text NOT NULL,
	"gtin" text,
	"item_state" smallint NOT NULL,
	"first_read_at" timestamp with time zone NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	"reads" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "floor_targets" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"gtin" text,
	"section" text,
	"target" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"epc" text NOT NULL,
	"from_status" smallint NOT NULL,
	"to_status" smallint NOT NULL,
	"reference" text,
	"reason" text NOT NULL,
	"user_id" integer,
	"location_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replenishment_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"gtin" text NOT NULL,
	"status" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "floor_target_default" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "status_ref" text;--> statement-breakpoint
ALTER TABLE "exit_alarms" ADD CONSTRAINT "exit_alarms_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_alarms" ADD CONSTRAINT "exit_alarms_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_alarms" ADD CONSTRAINT "exit_alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_alarms" ADD CONSTRAINT "exit_alarms_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_alarms" ADD CONSTRAINT "exit_alarms_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_targets" ADD CONSTRAINT "floor_targets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_status_changes" ADD CONSTRAINT "item_status_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_status_changes" ADD CONSTRAINT "item_status_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenishment_picks" ADD CONSTRAINT "replenishment_picks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replenishment_picks" ADD CONSTRAINT "replenishment_picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exit_alarms_location_idx" ON "exit_alarms" USING btree ("location_id","status","first_read_at");--> statement-breakpoint
CREATE INDEX "exit_alarms_item_idx" ON "exit_alarms" USING btree ("item_id","last_read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "floor_targets_gtin_uq" ON "floor_targets" USING btree ("location_id","gtin");--> statement-breakpoint
CREATE UNIQUE INDEX "floor_targets_section_uq" ON "floor_targets" USING btree ("location_id","section");--> statement-breakpoint
CREATE INDEX "item_status_changes_item_idx" ON "item_status_changes" USING btree ("item_id","at");--> statement-breakpoint
CREATE INDEX "item_status_changes_location_idx" ON "item_status_changes" USING btree ("location_id","at");--> statement-breakpoint
CREATE INDEX "replenishment_picks_location_idx" ON "replenishment_picks" USING btree ("location_id","gtin","at");