ALTER TABLE "replenishment_picks" ADD COLUMN "client_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "replenishment_picks_client_id_uq" ON "replenishment_picks" USING btree ("client_id");