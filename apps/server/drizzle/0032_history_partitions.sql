-- Issue 31 ("history at chain scale", docs/history-at-scale.md): the append-only histories `traces` (by read_at) and
-- `epcis_events` (by event_time) become tables partitioned by month (native declarative partitioning, UTC months).
-- Partitions are named <table>_pYYYYMM. This migration makes one for every month that holds rows and for the current
-- month and the 3 after it; from then on the `history-partitions` job makes the months ahead. A row outside every
-- month partition (a reader with a wrong clock) lands in <table>_default; the job moves such rows into a month's
-- partition when it makes that month, so the default stays small and making a partition scans little.
-- A partitioned table's keys must hold its partition key: the primary keys become (id, read_at) and (id, event_time),
-- and an EPCIS event ID is unique per (company, event ID, event time). Nothing references these tables by a foreign
-- key (checked: no REFERENCES to them in 0000–0031), so no foreign key has to go.
-- The ids keep their sequences (traces_id_seq, epcis_events_id_seq): new rows go on numbering where the old ones ended.

ALTER TABLE "traces" RENAME TO "traces_unpartitioned";--> statement-breakpoint
ALTER INDEX "traces_pkey" RENAME TO "traces_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "traces_epc_idx" RENAME TO "traces_unpartitioned_epc_idx";--> statement-breakpoint
ALTER INDEX "traces_item_idx" RENAME TO "traces_unpartitioned_item_idx";--> statement-breakpoint
ALTER INDEX "traces_set_idx" RENAME TO "traces_unpartitioned_set_idx";--> statement-breakpoint
CREATE TABLE "traces" (
	"id" bigint DEFAULT nextval('traces_id_seq'::regclass) NOT NULL,
	"company_id" integer NOT NULL,
	"item_id" bigint NOT NULL,
	"epc" text NOT NULL,
	"reading_set_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"state" smallint NOT NULL,
	"area1_id" integer,
	"area2_id" integer,
	"antenna" smallint,
	"rssi" double precision,
	CONSTRAINT "traces_pkey" PRIMARY KEY ("id", "read_at")
) PARTITION BY RANGE ("read_at");--> statement-breakpoint
ALTER SEQUENCE "traces_id_seq" OWNED BY "traces"."id";--> statement-breakpoint

ALTER TABLE "epcis_events" RENAME TO "epcis_events_unpartitioned";--> statement-breakpoint
ALTER INDEX "epcis_events_pkey" RENAME TO "epcis_events_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "epcis_events_company_event_uq" RENAME TO "epcis_events_unpartitioned_company_event_uq";--> statement-breakpoint
ALTER INDEX "epcis_events_company_time_idx" RENAME TO "epcis_events_unpartitioned_company_time_idx";--> statement-breakpoint
ALTER INDEX "epcis_events_epcs_idx" RENAME TO "epcis_events_unpartitioned_epcs_idx";--> statement-breakpoint
CREATE TABLE "epcis_events" (
	"id" bigint DEFAULT nextval('epcis_events_id_seq'::regclass) NOT NULL,
	"event_id" text NOT NULL,
	"company_id" integer NOT NULL,
	"location_id" integer,
	"event_type" text NOT NULL,
	"action" text,
	"biz_step" text,
	"disposition" text,
	"event_time" timestamp with time zone NOT NULL,
	"record_time" timestamp with time zone DEFAULT now() NOT NULL,
	"read_point" text,
	"biz_location" text,
	"epcs" text[] DEFAULT '{}' NOT NULL,
	"capture_id" bigint,
	"document" jsonb NOT NULL,
	CONSTRAINT "epcis_events_pkey" PRIMARY KEY ("id", "event_time")
) PARTITION BY RANGE ("event_time");--> statement-breakpoint
ALTER SEQUENCE "epcis_events_id_seq" OWNED BY "epcis_events"."id";--> statement-breakpoint

-- The month partitions: every month with rows, and this month and the 3 after it (UTC), then the default partition.
DO $$
DECLARE
  history record;
  month timestamp;
BEGIN
  FOR history IN
    SELECT * FROM (VALUES ('traces', 'read_at'), ('epcis_events', 'event_time')) AS t(name, key)
  LOOP
    FOR month IN EXECUTE format(
      'SELECT DISTINCT date_trunc(''month'', %I AT TIME ZONE ''UTC'') FROM %I
       UNION SELECT date_trunc(''month'', now() AT TIME ZONE ''UTC'') + make_interval(months => n)
         FROM generate_series(0, 3) AS n',
      history.key, history.name || '_unpartitioned')
    LOOP
      EXECUTE format(
        'CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
        history.name || '_p' || to_char(month, 'YYYYMM'), history.name,
        to_char(month, 'YYYY-MM-DD') || ' 00:00:00+00',
        to_char(month + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
    END LOOP;
    EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', history.name || '_default', history.name);
  END LOOP;
END
$$;--> statement-breakpoint

INSERT INTO "traces" ("id", "company_id", "item_id", "epc", "reading_set_id", "read_at", "state", "area1_id", "area2_id", "antenna", "rssi")
  SELECT "id", "company_id", "item_id", "epc", "reading_set_id", "read_at", "state", "area1_id", "area2_id", "antenna", "rssi"
  FROM "traces_unpartitioned";--> statement-breakpoint
DROP TABLE "traces_unpartitioned";--> statement-breakpoint
CREATE INDEX "traces_epc_idx" ON "traces" USING btree ("company_id","epc","read_at");--> statement-breakpoint
CREATE INDEX "traces_item_idx" ON "traces" USING btree ("item_id","read_at");--> statement-breakpoint
CREATE INDEX "traces_set_idx" ON "traces" USING btree ("reading_set_id");--> statement-breakpoint

INSERT INTO "epcis_events" ("id", "event_id", "company_id", "location_id", "event_type", "action", "biz_step", "disposition", "event_time", "record_time", "read_point", "biz_location", "epcs", "capture_id", "document")
  SELECT "id", "event_id", "company_id", "location_id", "event_type", "action", "biz_step", "disposition", "event_time", "record_time", "read_point", "biz_location", "epcs", "capture_id", "document"
  FROM "epcis_events_unpartitioned";--> statement-breakpoint
DROP TABLE "epcis_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "epcis_events" ADD CONSTRAINT "epcis_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_events" ADD CONSTRAINT "epcis_events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "epcis_events" ADD CONSTRAINT "epcis_events_capture_id_epcis_captures_id_fk" FOREIGN KEY ("capture_id") REFERENCES "public"."epcis_captures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "epcis_events_company_event_uq" ON "epcis_events" USING btree ("company_id","event_id","event_time");--> statement-breakpoint
CREATE INDEX "epcis_events_company_time_idx" ON "epcis_events" USING btree ("company_id","event_time","id");--> statement-breakpoint
CREATE INDEX "epcis_events_epcs_idx" ON "epcis_events" USING gin ("epcs");
