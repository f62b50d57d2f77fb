CREATE TABLE "reader_links" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"last_error" text,
	"connected_at" timestamp with time zone,
	"last_report_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reader_stream_reads" ALTER COLUMN "rssi" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "traces" ALTER COLUMN "rssi" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "connection_type" text DEFAULT 'push' NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "llrp_host" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "llrp_port" integer DEFAULT 5084 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "llrp_antennas" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "llrp_power_dbm" double precision;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "dpi" smallint DEFAULT 203 NOT NULL;--> statement-breakpoint
ALTER TABLE "print_tags" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "reader_links" ADD CONSTRAINT "reader_links_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "print_tags" SET "void_reason" = 'unconfirmed' WHERE "voided_at" IS NOT NULL;