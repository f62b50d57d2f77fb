import { msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { CaptureReportEntry, CaptureRepository, EventRow } from '../capture/capture.repository.js';
import { ruleViolations } from '../capture/capture-rules.js';
import { eventHashIds } from '../capture/event-hash.js';
import { canonicalDigitalLink, matchableEpcs } from '../epcis.identity.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const idOf = (v: unknown) => (isObject(v) && typeof v.id === 'string' ? v.id : null);
const glnOf = (v: unknown) => /\/414\/(\d{13})/.exec(canonicalDigitalLink(idOf(v) ?? ''))?.[1] ?? null;

export type CaptureEventsInput = {
  user: AuthUser;
  captureId: number;
  /** The document's events (its JSON Schema checked). */
  events: Json[];
  /** The document's @context: given to each stored event, and the namespaces of its user extensions in the hash. */
  context: unknown;
  /** The record time of the capture. */
  recordTime: Date;
  /**
   * Work done once the events keep the rules, before they are stored (the boxes of ASNs): the events it refuses (an
   * ASN naming no order) fail the capture as a broken rule does.
   */
  prepare?: () => Promise<CaptureReportEntry[]>;
};

export type CaptureOutcome = { state: 'succeeded' | 'failed'; eventCount: number; report: CaptureReportEntry[] };

/**
 * Captures a document's events, all or nothing (the binding's default GS1-Capture-Error-Behaviour, `rollback`): every
 * event that breaks one of the standard's rules (capture-rules.ts) is reported with its index, eventID, rule and
 * reason, and then none is stored; otherwise every event is stored (in chunks, one transaction) but those whose
 * eventID is stored already, or given twice in the document, each reported as a duplicate. An event without eventID
 * gets its EPCIS Event Hash ID. The job ends succeeded or failed as it went; a storage failure leaves it failed.
 */
export const captureEvents = async (repo: CaptureRepository, input: CaptureEventsInput): Promise<CaptureOutcome> => {
  const { user, events, context, recordTime } = input;
  const hashes = eventHashIds(
    events.filter((e) => typeof e.eventID !== 'string'),
    { context, documentEvents: events },
  );
  let next = 0;
  const ids = events.map((e) => (typeof e.eventID === 'string' ? e.eventID : (hashes[next++] ?? '')));

  const refused: CaptureReportEntry[] = [];
  for (const [index, event] of events.entries()) {
    for (const v of ruleViolations(event))
      refused.push({ kind: 'rejected', index, eventID: ids[index] ?? null, rule: v.rule, reason: v.message });
  }
  if (!refused.length && input.prepare) refused.push(...(await input.prepare()));
  if (refused.length) {
    refused.sort((a, b) => a.index - b.index);
    const outcome: CaptureOutcome = { state: 'failed', eventCount: 0, report: refused };
    await repo.finishCapture(input.captureId, { state: 'failed', eventCount: 0, errors: outcome.report });
    return outcome;
  }

  const report: CaptureReportEntry[] = [];
  const firstIndex = new Map<string, number>();
  const kept: { index: number; event: Json; eventId: string }[] = [];
  for (const [index, event] of events.entries()) {
    const eventId = ids[index] ?? '';
    const first = firstIndex.get(eventId);
    if (first !== undefined) {
      report.push({
        kind: 'duplicate',
        index,
        eventID: eventId,
        reason: msg('epcis.capture_duplicate_in_document', { index: first }),
      });
      continue;
    }
    firstIndex.set(eventId, index);
    kept.push({ index, event, eventId });
  }

  const glns = new Set<string>();
  for (const { event } of kept) for (const g of [glnOf(event.bizLocation), glnOf(event.readPoint)]) if (g) glns.add(g);
  const byGln = new Map((await repo.locationsByGln(user.companyId, [...glns])).map((l) => [l.gln, l.id]));
  const rows: EventRow[] = kept.map(({ event: e, eventId }) => {
    const gln = glnOf(e.bizLocation) ?? glnOf(e.readPoint);
    return {
      eventId,
      companyId: user.companyId,
      locationId: (gln && byGln.get(gln)) || null,
      eventType: String(e.type),
      action: str(e.action),
      bizStep: str(e.bizStep),
      disposition: str(e.disposition),
      eventTime: new Date(String(e.eventTime)),
      recordTime,
      readPoint: idOf(e.readPoint),
      bizLocation: idOf(e.bizLocation),
      epcs: matchableEpcs(e),
      captureId: input.captureId,
      document: {
        ...(context !== undefined && e['@context'] === undefined ? { '@context': context } : {}),
        ...e,
        eventID: eventId,
        recordTime: recordTime.toISOString(),
      },
    };
  });
  let stored: Set<string>;
  try {
    stored = await repo.storeEvents(rows);
  } catch (error) {
    const failed: CaptureReportEntry = {
      kind: 'rejected',
      index: -1,
      eventID: null,
      reason: msg('epcis.capture_storage_failed'),
    };
    await repo.finishCapture(input.captureId, { state: 'failed', eventCount: 0, errors: [failed] });
    throw error;
  }
  for (const { index, eventId } of kept)
    if (!stored.has(eventId)) report.push({ kind: 'duplicate', index, eventID: eventId, reason: msg('epcis.capture_duplicate') });
  report.sort((a, b) => a.index - b.index);
  const outcome: CaptureOutcome = { state: 'succeeded', eventCount: stored.size, report };
  await repo.finishCapture(input.captureId, { state: 'succeeded', eventCount: stored.size, errors: report });
  return outcome;
};
