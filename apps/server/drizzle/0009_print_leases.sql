CREATE TABLE "printer_leases" (
	"printer_id" integer PRIMARY KEY NOT NULL,
	"print_order_id" integer NOT NULL,
	"owner" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_orders" ADD COLUMN "job_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "print_orders" ADD COLUMN "job_from" integer;--> statement-breakpoint
ALTER TABLE "print_orders" ADD COLUMN "job_to" integer;--> statement-breakpoint
ALTER TABLE "print_orders" ADD COLUMN "job_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "print_orders" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "print_orders" ADD COLUMN "voided_labels" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "print_tags" ADD COLUMN "sending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "print_tags" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "printer_leases" ADD CONSTRAINT "printer_leases_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_leases" ADD CONSTRAINT "printer_leases_print_order_id_print_orders_id_fk" FOREIGN KEY ("print_order_id") REFERENCES "public"."print_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_orders_queue_idx" ON "print_orders" USING btree ("state","printer_id","queued_at");