ALTER TABLE "print_orders" ADD COLUMN "replaced_labels" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "print_tags" ADD COLUMN "replaces_tag_id" bigint;--> statement-breakpoint
ALTER TABLE "print_tags" ADD CONSTRAINT "print_tags_replaces_tag_id_print_tags_id_fk" FOREIGN KEY ("replaces_tag_id") REFERENCES "public"."print_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_tags_replaces_uq" ON "print_tags" USING btree ("replaces_tag_id");--> statement-breakpoint
CREATE INDEX "print_tags_voided_idx" ON "print_tags" USING btree ("print_order_id","label_number") WHERE "print_tags"."voided_at" is not null;