CREATE TABLE "counted_stocks" (
	"area_id" integer NOT NULL,
	"item_type_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" integer,
	CONSTRAINT "counted_stocks_area_id_item_type_id_pk" PRIMARY KEY("area_id","item_type_id")
);
--> statement-breakpoint
CREATE TABLE "export_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"ref_id" integer,
	"progress" smallint DEFAULT 0 NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"content" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventories" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"device_id" integer,
	"state" smallint DEFAULT 0 NOT NULL,
	"is_partial" boolean DEFAULT false NOT NULL,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"expected_count" integer DEFAULT 0 NOT NULL,
	"read_count" integer DEFAULT 0 NOT NULL,
	"matched_count" integer DEFAULT 0 NOT NULL,
	"is_file_created" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"closed_by" integer,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inventory_expected_items" (
	"inventory_id" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"item_type_id" integer,
	CONSTRAINT "inventory_expected_items_inventory_id_item_id_pk" PRIMARY KEY("inventory_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_item_types" (
	"inventory_id" integer NOT NULL,
	"item_type_id" integer NOT NULL,
	CONSTRAINT "inventory_item_types_inventory_id_item_type_id_pk" PRIMARY KEY("inventory_id","item_type_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_read_items" (
	"inventory_id" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"item_type_id" integer,
	"reading_set_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inventory_read_items_inventory_id_item_id_pk" PRIMARY KEY("inventory_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "minimum_stocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"area_id" integer NOT NULL,
	"item_type_id" integer NOT NULL,
	"minimum_stock" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_daily" (
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
	"area_id" integer,
	"quantity" integer NOT NULL,
	"theoretical_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_daily_uq" UNIQUE NULLS NOT DISTINCT("location_id","area_id","day")
);
--> statement-breakpoint
CREATE TABLE "epc_serial_counters" (
	"company_id" integer NOT NULL,
	"gtin" text NOT NULL,
	"next_serial" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "epc_serial_counters_company_id_gtin_pk" PRIMARY KEY("company_id","gtin")
);
--> statement-breakpoint
CREATE TABLE "print_order_contents" (
	"id" serial PRIMARY KEY NOT NULL,
	"print_order_id" integer NOT NULL,
	"item_type_id" integer NOT NULL,
	"gtin" text NOT NULL,
	"quantity" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_order_locations" (
	"print_order_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "print_order_locations_print_order_id_location_id_pk" PRIMARY KEY("print_order_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "print_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"brand_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"tag_company_format_id" integer NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"total_quantity" integer DEFAULT 0 NOT NULL,
	"from_label" integer DEFAULT 1 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"printer_id" integer,
	"source" text DEFAULT 'manual' NOT NULL,
	"creation_date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "print_tags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"print_order_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"label_number" integer NOT NULL,
	"gtin" text NOT NULL,
	"serial" bigint NOT NULL,
	"epc" text NOT NULL,
	"printed_at" timestamp with time zone,
	"printer_id" integer
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"location_id" integer,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"description" text NOT NULL,
	"screenshot" text,
	"screenshot_mime" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_company_formats" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"tag_type_id" integer NOT NULL,
	"tag_format_id" integer NOT NULL,
	"filter_value" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_formats" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"zpl_template" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"epc_bits" smallint DEFAULT 96 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "counted_stocks" ADD CONSTRAINT "counted_stocks_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counted_stocks" ADD CONSTRAINT "counted_stocks_item_type_id_item_types_id_fk" FOREIGN KEY ("item_type_id") REFERENCES "public"."item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counted_stocks" ADD CONSTRAINT "counted_stocks_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_expected_items" ADD CONSTRAINT "inventory_expected_items_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_item_types" ADD CONSTRAINT "inventory_item_types_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_item_types" ADD CONSTRAINT "inventory_item_types_item_type_id_item_types_id_fk" FOREIGN KEY ("item_type_id") REFERENCES "public"."item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_read_items" ADD CONSTRAINT "inventory_read_items_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minimum_stocks" ADD CONSTRAINT "minimum_stocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minimum_stocks" ADD CONSTRAINT "minimum_stocks_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minimum_stocks" ADD CONSTRAINT "minimum_stocks_item_type_id_item_types_id_fk" FOREIGN KEY ("item_type_id") REFERENCES "public"."item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_daily" ADD CONSTRAINT "stock_daily_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_daily" ADD CONSTRAINT "stock_daily_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epc_serial_counters" ADD CONSTRAINT "epc_serial_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_order_contents" ADD CONSTRAINT "print_order_contents_print_order_id_print_orders_id_fk" FOREIGN KEY ("print_order_id") REFERENCES "public"."print_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_order_contents" ADD CONSTRAINT "print_order_contents_item_type_id_item_types_id_fk" FOREIGN KEY ("item_type_id") REFERENCES "public"."item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_order_locations" ADD CONSTRAINT "print_order_locations_print_order_id_print_orders_id_fk" FOREIGN KEY ("print_order_id") REFERENCES "public"."print_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_order_locations" ADD CONSTRAINT "print_order_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_orders" ADD CONSTRAINT "print_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_orders" ADD CONSTRAINT "print_orders_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_orders" ADD CONSTRAINT "print_orders_tag_company_format_id_tag_company_formats_id_fk" FOREIGN KEY ("tag_company_format_id") REFERENCES "public"."tag_company_formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_orders" ADD CONSTRAINT "print_orders_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_orders" ADD CONSTRAINT "print_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_tags" ADD CONSTRAINT "print_tags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_tags" ADD CONSTRAINT "print_tags_print_order_id_print_orders_id_fk" FOREIGN KEY ("print_order_id") REFERENCES "public"."print_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_tags" ADD CONSTRAINT "print_tags_content_id_print_order_contents_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."print_order_contents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_tags" ADD CONSTRAINT "print_tags_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_company_formats" ADD CONSTRAINT "tag_company_formats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_company_formats" ADD CONSTRAINT "tag_company_formats_tag_type_id_tag_types_id_fk" FOREIGN KEY ("tag_type_id") REFERENCES "public"."tag_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_company_formats" ADD CONSTRAINT "tag_company_formats_tag_format_id_tag_formats_id_fk" FOREIGN KEY ("tag_format_id") REFERENCES "public"."tag_formats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_company_idx" ON "export_jobs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "inventories_location_idx" ON "inventories" USING btree ("location_id","state","start_time");--> statement-breakpoint
CREATE INDEX "inventories_area_state_idx" ON "inventories" USING btree ("area_id","state");--> statement-breakpoint
CREATE INDEX "inventory_expected_type_idx" ON "inventory_expected_items" USING btree ("inventory_id","item_type_id");--> statement-breakpoint
CREATE INDEX "inventory_read_type_idx" ON "inventory_read_items" USING btree ("inventory_id","item_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "minimum_stocks_area_type_uq" ON "minimum_stocks" USING btree ("area_id","item_type_id");--> statement-breakpoint
CREATE INDEX "minimum_stocks_company_idx" ON "minimum_stocks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "stock_daily_location_day_idx" ON "stock_daily" USING btree ("location_id","day");--> statement-breakpoint
CREATE INDEX "print_order_contents_order_idx" ON "print_order_contents" USING btree ("print_order_id");--> statement-breakpoint
CREATE INDEX "print_orders_company_idx" ON "print_orders" USING btree ("company_id","creation_date");--> statement-breakpoint
CREATE UNIQUE INDEX "print_tags_order_label_uq" ON "print_tags" USING btree ("print_order_id","label_number");--> statement-breakpoint
CREATE UNIQUE INDEX "print_tags_company_epc_uq" ON "print_tags" USING btree ("company_id","epc");--> statement-breakpoint
CREATE INDEX "print_tags_printed_idx" ON "print_tags" USING btree ("company_id","printed_at");--> statement-breakpoint
CREATE INDEX "support_tickets_company_idx" ON "support_tickets" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_company_formats_uq" ON "tag_company_formats" USING btree ("company_id","tag_type_id","tag_format_id");