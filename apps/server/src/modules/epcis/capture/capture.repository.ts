import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { epcisCaptures, epcisEvents, locations } from '../../../db/schema/index.js';

export type EventRow = typeof epcisEvents.$inferInsert;
/** A capture job's report entry: an event refused by a rule, or left out as a duplicate (jsonb `errors`). */
export type CaptureReportEntry = {
  kind: 'rejected' | 'duplicate';
  /** The event's position in the document's eventList (from 0). */
  index: number;
  eventID: string | null;
  rule?: string;
  reason: import('../../../i18n/messages.js').Message;
};

/**
 * Rows per INSERT: an event row binds 14 parameters, and PostgreSQL's wire protocol takes at most 65,535 in one
 * statement (4,682 events in one INSERT failed). 1,000 rows bind 14,000.
 */
export const INSERT_CHUNK = 1000;

/** What the capture of a document needs to read and write. */
export type CaptureRepository = {
  locationsByGln(companyId: number, glns: string[]): Promise<{ id: number; gln: string | null }[]>;
  /**
   * Stores the rows in one transaction (all or none), in INSERT_CHUNK-row statements; an event of the company with the
   * same eventID already stored is kept as it was. Answers the eventIDs this call stored.
   */
  storeEvents(rows: EventRow[]): Promise<Set<string>>;
  finishCapture(id: number, outcome: { state: 'succeeded' | 'failed'; eventCount: number; errors: unknown[] }): Promise<void>;
};

export const createCaptureRepository = (db: Db): CaptureRepository => ({
  async locationsByGln(companyId, glns) {
    if (!glns.length) return [];
    return db
      .select({ id: locations.id, gln: locations.gln })
      .from(locations)
      .where(and(eq(locations.companyId, companyId), inArray(locations.gln, glns)));
  },
  async storeEvents(rows) {
    return db.transaction(async (tx) => {
      const stored = new Set<string>();
      for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
        const inserted = await tx
          .insert(epcisEvents)
          .values(rows.slice(from, from + INSERT_CHUNK))
          .onConflictDoNothing({ target: [epcisEvents.companyId, epcisEvents.eventId, epcisEvents.eventTime] })
          .returning({ eventId: epcisEvents.eventId });
        for (const r of inserted) stored.add(r.eventId);
      }
      // The events' recordTime is when they are stored, the last thing before the commit: a large capture takes a while,
      // and a subscription reads events by recordTime up to a short margin before now (use-cases/run-subscriptions.ts).
      const companyId = rows[0]?.companyId;
      if (rows.length > INSERT_CHUNK && companyId !== undefined && stored.size > 0) {
        await tx.execute(sql`
          update epcis_events e set record_time = n.at,
            document = jsonb_set(e.document, '{recordTime}', to_jsonb(to_char(n.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
          from (select clock_timestamp() as at) n
          where e.company_id = ${companyId} and e.event_id = any(${sql.param([...stored])}::text[])`);
      }
      return stored;
    });
  },
  async finishCapture(id, { state, eventCount, errors }) {
    await db.update(epcisCaptures).set({ state, eventCount, errors, finishedAt: new Date() }).where(eq(epcisCaptures.id, id));
  },
});
