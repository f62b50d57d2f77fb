CREATE TYPE "public"."job_state" AS ENUM('queued', 'running', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text,
	"payload" jsonb NOT NULL,
	"state" "job_state" DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"progress" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("state","finished_at");--> statement-breakpoint
-- Inventory CSVs that were being built in a process's memory before the job runner: nothing will finish them now.
UPDATE "export_jobs" SET "error" = 'The file could not be created.' WHERE "progress" < 100 AND "error" IS NULL;
