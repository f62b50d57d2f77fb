CREATE TABLE "broker_sessions" (
	"client_id" text PRIMARY KEY NOT NULL,
	"share_group" text NOT NULL,
	"holder" text,
	"lease_until" timestamp with time zone NOT NULL,
	"purpose" text DEFAULT 'serving' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "broker_sessions_group_lease_idx" ON "broker_sessions" USING btree ("share_group","lease_until");