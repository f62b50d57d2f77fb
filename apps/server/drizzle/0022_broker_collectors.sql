CREATE TABLE "broker_collectors" (
	"client_id" text PRIMARY KEY NOT NULL,
	"holder" text,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
