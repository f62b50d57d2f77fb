CREATE TABLE "reader_stream_reads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"epc" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"antenna" smallint DEFAULT 0 NOT NULL,
	"rssi" integer,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reader_stream_reads" ADD CONSTRAINT "reader_stream_reads_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reader_stream_reads_uq" ON "reader_stream_reads" USING btree ("device_id","read_at","epc","antenna");