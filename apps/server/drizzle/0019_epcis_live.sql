CREATE TABLE "epcis_captures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"state" text NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "epcis_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer,
	"event_type" text NOT NULL,
	"action" text,
	"biz_step" text,
	"disposition" text,
	"event_time" timestamp with time zone NOT NULL,
	"record_time" timestamp with time zone DEFAULT now() NOT NULL,
	"read_point" text,
	"biz_location" text,
	"epcs" text[] DEFAULT '{}' NOT NULL,
	"capture_id" bigint,
	"document" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer,
	"topic" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "gln_extension" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "gln" text;--> statement-breakpoint
ALTER TABLE "epcis_captures" ADD CONSTRAINT "epcis_captures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_captures" ADD CONSTRAINT "epcis_captures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_events" ADD CONSTRAINT "epcis_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_events" ADD CONSTRAINT "epcis_events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_events" ADD CONSTRAINT "epcis_events_capture_id_epcis_captures_id_fk" FOREIGN KEY ("capture_id") REFERENCES "public"."epcis_captures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "epcis_captures_company_idx" ON "epcis_captures" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "epcis_events_company_event_uq" ON "epcis_events" USING btree ("company_id","event_id");--> statement-breakpoint
CREATE INDEX "epcis_events_company_time_idx" ON "epcis_events" USING btree ("company_id","event_time","id");--> statement-breakpoint
CREATE INDEX "epcis_events_epcs_idx" ON "epcis_events" USING gin ("epcs");--> statement-breakpoint
CREATE INDEX "live_events_company_idx" ON "live_events" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");