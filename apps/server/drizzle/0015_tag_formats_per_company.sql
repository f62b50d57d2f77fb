ALTER TABLE "tag_formats" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "tag_types" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "tag_formats" ADD CONSTRAINT "tag_formats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_types" ADD CONSTRAINT "tag_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each tag type and format goes to the company that uses it (the first, when several do) ...
UPDATE "tag_types" t SET "company_id" = (SELECT min(f."company_id") FROM "tag_company_formats" f WHERE f."tag_type_id" = t."id");--> statement-breakpoint
UPDATE "tag_formats" t SET "company_id" = (SELECT min(f."company_id") FROM "tag_company_formats" f WHERE f."tag_format_id" = t."id");--> statement-breakpoint
-- ... and every other company that used it gets a copy of its own, its pairs moved to the copy.
DO $$
DECLARE
  r record;
  copy_id integer;
BEGIN
  FOR r IN
    SELECT DISTINCT f."company_id", f."tag_type_id" FROM "tag_company_formats" f
    JOIN "tag_types" t ON t."id" = f."tag_type_id" WHERE t."company_id" <> f."company_id"
  LOOP
    INSERT INTO "tag_types" ("reference", "epc_bits", "company_id")
      SELECT "reference", "epc_bits", r."company_id" FROM "tag_types" WHERE "id" = r."tag_type_id" RETURNING "id" INTO copy_id;
    UPDATE "tag_company_formats" SET "tag_type_id" = copy_id WHERE "company_id" = r."company_id" AND "tag_type_id" = r."tag_type_id";
  END LOOP;
  FOR r IN
    SELECT DISTINCT f."company_id", f."tag_format_id" FROM "tag_company_formats" f
    JOIN "tag_formats" t ON t."id" = f."tag_format_id" WHERE t."company_id" <> f."company_id"
  LOOP
    INSERT INTO "tag_formats" ("description", "zpl_template", "company_id")
      SELECT "description", "zpl_template", r."company_id" FROM "tag_formats" WHERE "id" = r."tag_format_id" RETURNING "id" INTO copy_id;
    UPDATE "tag_company_formats" SET "tag_format_id" = copy_id WHERE "company_id" = r."company_id" AND "tag_format_id" = r."tag_format_id";
  END LOOP;
END $$;--> statement-breakpoint
-- Printings made for a printer (POST /api/printings/) had no location: they get the printer's.
INSERT INTO "print_order_locations" ("print_order_id", "location_id")
  SELECT o."id", p."location_id" FROM "print_orders" o JOIN "printers" p ON p."id" = o."printer_id"
  WHERE o."source" = 'upload' AND NOT EXISTS (SELECT 1 FROM "print_order_locations" l WHERE l."print_order_id" = o."id");
