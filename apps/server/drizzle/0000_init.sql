CREATE TABLE "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"description" text NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"code" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"street_name" text DEFAULT '' NOT NULL,
	"street_num" integer,
	"city" text DEFAULT '' NOT NULL,
	"postal_code" integer,
	"country" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"observations" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '1' NOT NULL,
	"logo_mime" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_locations" (
	"user_id" integer NOT NULL,
	"location_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"role" smallint NOT NULL,
	"editor" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"gtin" text NOT NULL,
	"description" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"size_primary" text DEFAULT '' NOT NULL,
	"size_secondary" text DEFAULT '' NOT NULL,
	"sizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(12, 2),
	"prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"season" text DEFAULT '' NOT NULL,
	"section" text DEFAULT '' NOT NULL,
	"cloth_type" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"leather_code" text DEFAULT '' NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"brand_name" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"zone" text DEFAULT '' NOT NULL,
	"external_image" text DEFAULT '' NOT NULL,
	"minimum_stock" integer
);
--> statement-breakpoint
CREATE TABLE "device_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"application" text NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"version_name" text DEFAULT '' NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"desired_running" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"serial_number" text NOT NULL,
	"mac_address" text NOT NULL,
	"working_mode" smallint DEFAULT 0 NOT NULL,
	"reader_type" smallint DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"device_key_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone,
	"firmware_version" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_logos" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"bytes_base64" text NOT NULL,
	"size" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"mac" text NOT NULL,
	"ip_address" text NOT NULL,
	"port" integer NOT NULL,
	"serial_number" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"epc" text NOT NULL,
	"scheme" text NOT NULL,
	"gtin" text,
	"serial" text,
	"item_type_id" integer,
	"state" smallint DEFAULT 1 NOT NULL,
	"area_id" integer,
	"location_id" integer,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_sets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"device_id" integer,
	"location_id" integer,
	"area_id" integer,
	"working_mode" smallint,
	"codebar" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"epc_count" integer DEFAULT 0 NOT NULL,
	"claimed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"epc" text NOT NULL,
	"reading_set_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"state" smallint NOT NULL,
	"area1_id" integer,
	"area2_id" integer,
	"antenna" smallint,
	"rssi" integer
);
--> statement-breakpoint
CREATE TABLE "box_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"box_id" integer NOT NULL,
	"item_type_id" integer NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"reception_id" integer,
	"codebar" text NOT NULL,
	"origin_status" smallint DEFAULT 0 NOT NULL,
	"destination_status" smallint DEFAULT 0 NOT NULL,
	"origin_reading_time" timestamp with time zone,
	"destination_reading_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"order_code" text NOT NULL,
	"provider_id" integer,
	"origin_location_id" integer,
	"destination_location_id" integer,
	"origin_status" smallint DEFAULT 0 NOT NULL,
	"destination_status" smallint DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"sync" boolean DEFAULT false NOT NULL,
	"container" text DEFAULT '' NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"estimated_arrival_date" timestamp with time zone,
	"arrival_date" timestamp with time zone,
	"estimated_exit_date" timestamp with time zone,
	"exit_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pos_transaction_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"item_id" bigint,
	"epc" text NOT NULL,
	"item_type_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"warning" text
);
--> statement-breakpoint
CREATE TABLE "pos_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"location_id" integer NOT NULL,
	"device_id" integer,
	"reading_set_id" uuid,
	"item_count" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"reception_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"item_id" bigint,
	"epc" text NOT NULL,
	"item_type_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"location_id" integer NOT NULL,
	"code" text NOT NULL,
	"order_id" integer,
	"provider_id" integer,
	"reading_set_id" uuid,
	"real_item_count" integer DEFAULT 0 NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"verification_id" integer NOT NULL,
	"item_type_id" integer,
	"gtin" text NOT NULL,
	"expected" integer NOT NULL,
	"real" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"box_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"reading_set_id" uuid NOT NULL,
	"device_id" integer,
	"side" text NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"real_item_count" integer DEFAULT 0 NOT NULL,
	"matched_item_count" integer DEFAULT 0 NOT NULL,
	"has_errors" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_types" ADD CONSTRAINT "item_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_types" ADD CONSTRAINT "item_types_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_applications" ADD CONSTRAINT "device_applications_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_logos" ADD CONSTRAINT "location_logos_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_item_type_id_item_types_id_fk" FOREIGN KEY ("item_type_id") REFERENCES "public"."item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_sets" ADD CONSTRAINT "reading_sets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_sets" ADD CONSTRAINT "reading_sets_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_sets" ADD CONSTRAINT "reading_sets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_sets" ADD CONSTRAINT "reading_sets_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_contents" ADD CONSTRAINT "box_contents_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_contents" ADD CONSTRAINT "box_contents_item_type_id_item_types_id_fk" FOREIGN KEY ("item_type_id") REFERENCES "public"."item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boxes" ADD CONSTRAINT "boxes_reception_id_receptions_id_fk" FOREIGN KEY ("reception_id") REFERENCES "public"."receptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_origin_location_id_locations_id_fk" FOREIGN KEY ("origin_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_destination_location_id_locations_id_fk" FOREIGN KEY ("destination_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_transaction_items" ADD CONSTRAINT "pos_transaction_items_transaction_id_pos_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."pos_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_transaction_items" ADD CONSTRAINT "pos_transaction_items_item_type_id_item_types_id_fk" FOREIGN KEY ("item_type_id") REFERENCES "public"."item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_transactions" ADD CONSTRAINT "pos_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_transactions" ADD CONSTRAINT "pos_transactions_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_transactions" ADD CONSTRAINT "pos_transactions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_transactions" ADD CONSTRAINT "pos_transactions_reading_set_id_reading_sets_id_fk" FOREIGN KEY ("reading_set_id") REFERENCES "public"."reading_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receptions" ADD CONSTRAINT "receptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_items" ADD CONSTRAINT "return_items_item_type_id_item_types_id_fk" FOREIGN KEY ("item_type_id") REFERENCES "public"."item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_reading_set_id_reading_sets_id_fk" FOREIGN KEY ("reading_set_id") REFERENCES "public"."reading_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_lines" ADD CONSTRAINT "verification_lines_verification_id_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_lines" ADD CONSTRAINT "verification_lines_item_type_id_item_types_id_fk" FOREIGN KEY ("item_type_id") REFERENCES "public"."item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_reading_set_id_reading_sets_id_fk" FOREIGN KEY ("reading_set_id") REFERENCES "public"."reading_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_uq" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "areas_location_idx" ON "areas" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "brands_company_idx" ON "brands" USING btree ("company_id","description");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_company_code_uq" ON "locations" USING btree ("company_id","code");--> statement-breakpoint
CREATE INDEX "locations_company_kind_idx" ON "locations" USING btree ("company_id","kind","description");--> statement-breakpoint
CREATE INDEX "providers_company_idx" ON "providers" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "user_locations_pk" ON "user_locations" USING btree ("user_id","location_id");--> statement-breakpoint
CREATE INDEX "user_locations_location_idx" ON "user_locations" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_types_company_gtin_uq" ON "item_types" USING btree ("company_id","gtin");--> statement-breakpoint
CREATE INDEX "item_types_gtin_idx" ON "item_types" USING btree ("gtin");--> statement-breakpoint
CREATE UNIQUE INDEX "device_applications_uq" ON "device_applications" USING btree ("device_id","application");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_mac_uq" ON "devices" USING btree ("mac_address");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_key_uq" ON "devices" USING btree ("device_key_hash");--> statement-breakpoint
CREATE INDEX "devices_location_idx" ON "devices" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "devices_serial_idx" ON "devices" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "printers_location_idx" ON "printers" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_company_epc_uq" ON "items" USING btree ("company_id","epc");--> statement-breakpoint
CREATE INDEX "items_area_state_idx" ON "items" USING btree ("area_id","state","item_type_id");--> statement-breakpoint
CREATE INDEX "items_location_state_idx" ON "items" USING btree ("location_id","state");--> statement-breakpoint
CREATE INDEX "items_item_type_idx" ON "items" USING btree ("item_type_id");--> statement-breakpoint
CREATE INDEX "reading_sets_location_idx" ON "reading_sets" USING btree ("location_id","start_time");--> statement-breakpoint
CREATE INDEX "reading_sets_free_idx" ON "reading_sets" USING btree ("location_id","claimed_by","start_time");--> statement-breakpoint
CREATE INDEX "reading_sets_codebar_idx" ON "reading_sets" USING btree ("codebar");--> statement-breakpoint
CREATE INDEX "traces_epc_idx" ON "traces" USING btree ("company_id","epc","read_at");--> statement-breakpoint
CREATE INDEX "traces_item_idx" ON "traces" USING btree ("item_id","read_at");--> statement-breakpoint
CREATE INDEX "traces_set_idx" ON "traces" USING btree ("reading_set_id");--> statement-breakpoint
CREATE INDEX "box_contents_box_idx" ON "box_contents" USING btree ("box_id");--> statement-breakpoint
CREATE UNIQUE INDEX "boxes_company_codebar_uq" ON "boxes" USING btree ("company_id","codebar");--> statement-breakpoint
CREATE INDEX "boxes_order_idx" ON "boxes" USING btree ("order_id","codebar");--> statement-breakpoint
CREATE INDEX "orders_destination_idx" ON "orders" USING btree ("destination_location_id","type","creation_date");--> statement-breakpoint
CREATE INDEX "orders_origin_idx" ON "orders" USING btree ("origin_location_id","type","creation_date");--> statement-breakpoint
CREATE INDEX "orders_provider_idx" ON "orders" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "orders_code_idx" ON "orders" USING btree ("company_id","order_code");--> statement-breakpoint
CREATE INDEX "pos_transaction_items_tx_idx" ON "pos_transaction_items" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "pos_transactions_location_idx" ON "pos_transactions" USING btree ("location_id","kind","end_time");--> statement-breakpoint
CREATE INDEX "receptions_order_idx" ON "receptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_items_return_idx" ON "return_items" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "returns_location_idx" ON "returns" USING btree ("location_id","kind","end_time");--> statement-breakpoint
CREATE INDEX "verification_lines_verification_idx" ON "verification_lines" USING btree ("verification_id");--> statement-breakpoint
CREATE INDEX "verifications_box_idx" ON "verifications" USING btree ("box_id","side","start_time");--> statement-breakpoint
CREATE INDEX "verifications_order_idx" ON "verifications" USING btree ("order_id","side");