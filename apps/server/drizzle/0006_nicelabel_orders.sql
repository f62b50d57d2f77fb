CREATE TABLE "nicelabel_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"print_order_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nicelabel_orders" ADD CONSTRAINT "nicelabel_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nicelabel_orders" ADD CONSTRAINT "nicelabel_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nicelabel_orders" ADD CONSTRAINT "nicelabel_orders_print_order_id_print_orders_id_fk" FOREIGN KEY ("print_order_id") REFERENCES "public"."print_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nicelabel_orders" ADD CONSTRAINT "nicelabel_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nicelabel_orders_company_status_idx" ON "nicelabel_orders" USING btree ("company_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "nicelabel_orders_open_order_idx" ON "nicelabel_orders" USING btree ("order_id") WHERE "nicelabel_orders"."status" < 2;