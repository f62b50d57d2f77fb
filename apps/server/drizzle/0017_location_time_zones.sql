ALTER TABLE "companies" ADD COLUMN "time_zone" text DEFAULT 'Europe/Madrid' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "time_zone" text;--> statement-breakpoint
UPDATE "locations" SET "time_zone" = "companies"."time_zone" FROM "companies" WHERE "companies"."id" = "locations"."company_id";--> statement-breakpoint
ALTER TABLE "locations" ALTER COLUMN "time_zone" SET NOT NULL;
