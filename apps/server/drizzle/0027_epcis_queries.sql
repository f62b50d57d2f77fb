CREATE TABLE "epcis_queries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "epcis_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"query_id" integer NOT NULL,
	"dest" text NOT NULL,
	"stream" boolean DEFAULT false NOT NULL,
	"schedule" jsonb,
	"report_if_empty" boolean DEFAULT false NOT NULL,
	"initial_record_time" timestamp with time zone NOT NULL,
	"min_record_time" timestamp with time zone NOT NULL,
	"location_ids" integer[],
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_notified_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "epcis_queries" ADD CONSTRAINT "epcis_queries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_queries" ADD CONSTRAINT "epcis_queries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_subscriptions" ADD CONSTRAINT "epcis_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_subscriptions" ADD CONSTRAINT "epcis_subscriptions_query_id_epcis_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."epcis_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_subscriptions" ADD CONSTRAINT "epcis_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "epcis_queries_company_name_uq" ON "epcis_queries" USING btree ("company_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "epcis_subscriptions_subscription_uq" ON "epcis_subscriptions" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "epcis_subscriptions_query_idx" ON "epcis_subscriptions" USING btree ("query_id");--> statement-breakpoint
CREATE INDEX "epcis_subscriptions_due_idx" ON "epcis_subscriptions" USING btree ("next_run_at");