CREATE TABLE "sticker_pdfs" (
	"id" serial PRIMARY KEY NOT NULL,
	"sticker_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"pages" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stickers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"box_ids" integer[],
	"box_count" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'es' NOT NULL,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sticker_pdfs" ADD CONSTRAINT "sticker_pdfs_sticker_id_stickers_id_fk" FOREIGN KEY ("sticker_id") REFERENCES "public"."stickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sticker_pdfs_sticker_idx" ON "sticker_pdfs" USING btree ("sticker_id");--> statement-breakpoint
CREATE INDEX "stickers_company_idx" ON "stickers" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "stickers_order_idx" ON "stickers" USING btree ("order_id");