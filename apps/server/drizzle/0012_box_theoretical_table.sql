CREATE TABLE "box_theoretical" (
	"box_id" integer NOT NULL,
	"side" text NOT NULL,
	"location_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "box_theoretical_box_id_side_pk" PRIMARY KEY("box_id","side")
);
--> statement-breakpoint
ALTER TABLE "box_theoretical" ADD CONSTRAINT "box_theoretical_box_id_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "box_theoretical_location_idx" ON "box_theoretical" USING btree ("location_id","side","quantity");