-- pg_trgm (a trusted extension, shipped with PostgreSQL contrib and PGlite) for substring search indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "orders_code_trgm_idx" ON "orders" USING gin ("order_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_id_text_trgm_idx" ON "orders" USING gin (("id"::text) gin_trgm_ops);