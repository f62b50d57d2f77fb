ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'Europe/Madrid' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "time_zone" text;--> statement-breakpoint
UPDATE "locations" SET "time_zone" = "companies"."time_zone" FROM "companies" WHERE "companies"."id" = "locations"."company_id";--> statement-breakpoint
ALTER TABLE "locations" ALTER COLUMN "time_zone" SET NOT NULL;
--> statement-breakpoint
-- The one stock (issue 14): items STOCKED per area and GTIN (area_stock_now, kept by triggers) + the counted
-- (non-RFID) stock, with the location of each area. Every figure of "stock" reads this view.
CREATE VIEW "stock_now" AS
  SELECT a.location_id, s.area_id, s.item_type_id,
    sum(s.rfid)::int AS rfid, sum(s.counted)::int AS counted, sum(s.rfid + s.counted)::int AS quantity
  FROM (
    SELECT area_id, item_type_id, quantity AS rfid, 0 AS counted FROM area_stock_now
    UNION ALL
    SELECT area_id, item_type_id, 0, quantity FROM counted_stocks
  ) s JOIN areas a ON a.id = s.area_id
  GROUP BY a.location_id, s.area_id, s.item_type_id;
