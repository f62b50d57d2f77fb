ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_company_client_key_uq" ON "orders" USING btree ("company_id","client_key");