CREATE TABLE "area_stock" (
	"area_id" integer NOT NULL,
	"item_type_id" integer,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "area_stock_uq" UNIQUE NULLS NOT DISTINCT("area_id","item_type_id")
);
--> statement-breakpoint
CREATE TABLE "area_stock_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"area_id" integer NOT NULL,
	"item_type_id" integer,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_type_counts" (
	"inventory_id" integer NOT NULL,
	"item_type_id" integer NOT NULL,
	"expected" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_type_counts_inventory_id_item_type_id_pk" PRIMARY KEY("inventory_id","item_type_id")
);
--> statement-breakpoint
DROP INDEX "items_item_type_idx";--> statement-breakpoint
DROP INDEX "inventory_expected_type_idx";--> statement-breakpoint
DROP INDEX "inventory_read_type_idx";--> statement-breakpoint
DROP INDEX "reading_sets_box_last_idx";--> statement-breakpoint
ALTER TABLE "inventory_type_counts" ADD CONSTRAINT "inventory_type_counts_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_type_counts" ADD CONSTRAINT "inventory_type_counts_item_type_id_item_types_id_fk" FOREIGN KEY ("item_type_id") REFERENCES "public"."item_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "area_stock_changes_area_idx" ON "area_stock_changes" USING btree ("area_id","item_type_id");--> statement-breakpoint
CREATE INDEX "items_epc_trgm_idx" ON "items" USING gin ("epc" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_company_gtin_idx" ON "items" USING btree ("company_id","gtin");--> statement-breakpoint
CREATE INDEX "items_type_epc_idx" ON "items" USING btree ("item_type_id","epc","id");--> statement-breakpoint
CREATE INDEX "inventory_expected_type_idx" ON "inventory_expected_items" USING btree ("inventory_id","item_type_id","item_id");--> statement-breakpoint
CREATE INDEX "inventory_read_type_idx" ON "inventory_read_items" USING btree ("inventory_id","item_type_id","item_id");--> statement-breakpoint
CREATE INDEX "reading_sets_box_last_idx" ON "reading_sets" USING btree ("company_id","codebar","end_time","id","area_id","epc_count") WHERE "reading_sets"."codebar" is not null;