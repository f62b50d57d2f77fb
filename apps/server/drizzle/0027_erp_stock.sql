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
ALTER TABLE "erp_stock" ADD CONSTRAINT "erp_stock_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock" ADD CONSTRAINT "erp_stock_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock" ADD CONSTRAINT "erp_stock_snapshot_id_erp_stock_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."erp_stock_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_locations" ADD CONSTRAINT "erp_stock_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_locations" ADD CONSTRAINT "erp_stock_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_locations" ADD CONSTRAINT "erp_stock_locations_snapshot_id_erp_stock_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."erp_stock_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_snapshots" ADD CONSTRAINT "erp_stock_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erp_stock_snapshots" ADD CONSTRAINT "erp_stock_snapshots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erp_stock_company_idx" ON "erp_stock" USING btree ("company_id","gtin");--> statement-breakpoint
CREATE INDEX "erp_stock_snapshots_company_idx" ON "erp_stock_snapshots" USING btree ("company_id","id");