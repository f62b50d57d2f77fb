CREATE TABLE "catalog_import_chunks" (
	"import_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "catalog_import_chunks_import_id_seq_pk" PRIMARY KEY("import_id","seq")
);
--> statement-breakpoint
CREATE TABLE "catalog_import_rejections" (
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"gtin" text NOT NULL,
	"reason" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "catalog_import_rejections_import_id_line_pk" PRIMARY KEY("import_id","line")
);
--> statement-breakpoint
CREATE TABLE "catalog_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"delimiter" text DEFAULT ',' NOT NULL,
	"bytes" bigint NOT NULL,
	"chunks" integer NOT NULL,
	"state" text NOT NULL,
	"total_rows" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"ignored_columns" text[] DEFAULT '{}' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "epcis_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epcis_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"query_id" integer NOT NULL,
	"dest" text NOT NULL,
	"stream" boolean DEFAULT false NOT NULL,
	"schedule" jsonb,
	"report_if_empty" boolean DEFAULT false NOT NULL,
	"initial_record_time" timestamp with time zone NOT NULL,
	"min_record_time" timestamp with time zone NOT NULL,
	"location_ids" integer[],
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_notified_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_stock" (
	"location_id" integer NOT NULL,
	"gtin" text NOT NULL,
	"company_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"snapshot_id" integer NOT NULL,
	CONSTRAINT "erp_stock_location_id_gtin_pk" PRIMARY KEY("location_id","gtin")
);
--> statement-breakpoint
CREATE TABLE "erp_stock_locations" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"snapshot_id" integer NOT NULL,
	"imported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_stock_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"rejected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location_ids" integer[] DEFAULT '{}'::int[] NOT NULL
);
--> statement-breakpoint
DROP INDEX "webhook_deliveries_subject_idx";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_import_chunks" ADD CONSTRAINT "catalog_import_chunks_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_import_rejections" ADD CONSTRAINT "catalog_import_rejections_import_id_catalog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_imports" ADD CONSTRAINT "catalog_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_queries" ADD CONSTRAINT "epcis_queries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_queries" ADD CONSTRAINT "epcis_queries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_subscriptions" ADD CONSTRAINT "epcis_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_subscriptions" ADD CONSTRAINT "epcis_subscriptions_query_id_epcis_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."epcis_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_subscriptions" ADD CONSTRAINT "epcis_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock" ADD CONSTRAINT "erp_stock_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock" ADD CONSTRAINT "erp_stock_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock" ADD CONSTRAINT "erp_stock_snapshot_id_erp_stock_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."erp_stock_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_locations" ADD CONSTRAINT "erp_stock_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_locations" ADD CONSTRAINT "erp_stock_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_locations" ADD CONSTRAINT "erp_stock_locations_snapshot_id_erp_stock_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."erp_stock_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_snapshots" ADD CONSTRAINT "erp_stock_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_snapshots" ADD CONSTRAINT "erp_stock_snapshots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_imports_company_idx" ON "catalog_imports" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "epcis_queries_company_name_uq" ON "epcis_queries" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "epcis_subscriptions_subscription_uq" ON "epcis_subscriptions" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "epcis_subscriptions_query_idx" ON "epcis_subscriptions" USING btree ("query_id");--> statement-breakpoint
CREATE INDEX "epcis_subscriptions_due_idx" ON "epcis_subscriptions" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "erp_stock_company_idx" ON "erp_stock" USING btree ("company_id","gtin");--> statement-breakpoint
CREATE INDEX "erp_stock_snapshots_company_idx" ON "erp_stock_snapshots" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subject_idx" ON "webhook_deliveries" USING btree ("endpoint_id","subject","message_id");