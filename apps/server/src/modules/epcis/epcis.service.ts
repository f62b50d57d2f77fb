import type { Db } from '../../db/client.js';
import { AppError, type FieldErrors, fieldError, notFound } from '../../http/errors.js';
import { type Language, type Message, msg, render } from '../../i18n/messages.js';
import type { AuthUser } from '../../plugins/auth.js';
import { BARCODE_EXISTS, createOrdersService } from '../orders/orders.service.js';
import { type CaptureReportEntry, createCaptureRepository } from './capture/capture.repository.js';
import { canonicalDigitalLink, JSON_LD_CONTEXT, orderCodeOf } from './epcis.identity.js';
import * as repo from './epcis.repository.js';
import { schemaErrors } from './epcis.schema.js';
import { captureEvents } from './use-cases/capture-events.js';

export const EPCIS_HEADERS = { 'GS1-EPCIS-Version': '2.0.0', 'GS1-CBV-Version': '2.0.0', 'GS1-EPC-Format': 'Always_EPC_URN' };
export const PER_PAGE = 30;
export const MAX_PER_PAGE = 1000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A report entry of capture-events (older jobs kept their errors in other shapes, answered as they are). */
const isReportEntry = (e: unknown): e is CaptureReportEntry =>
  isObject(e) && (e.kind === 'rejected' || e.kind === 'duplicate') && isObject(e.reason) && typeof e.index === 'number';
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** An EPCIS query answer: the events in an EPCISQueryDocument with the standard's @context. */
export const queryDocument = (events: Json[], queryName = 'SimpleEventQuery') => ({
  '@context': [JSON_LD_CONTEXT],
  type: 'EPCISQueryDocument',
  schemaVersion: '2.0',
  creationDate: new Date().toISOString(),
  epcisBody: { queryResults: { queryName, resultsBody: { eventList: events } } },
});

const pageToken = (id: number) => Buffer.from(`e${id}`).toString('base64url');
const tokenId = (token: string): number => {
  const m = /^e(\d+)$/.exec(Buffer.from(token, 'base64url').toString());
  if (!m) throw fieldError('nextPageToken', 'epcis.bad_page_token');
  return Number(m[1]);
};

export type EventQuery = Partial<Record<string, string>>;

const perPageOf = (v: string | undefined) => {
  if (!v) return PER_PAGE;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > MAX_PER_PAGE)
    throw fieldError('perPage', msg('common.at_most', { max: MAX_PER_PAGE }));
  return n;
};

const DESADV = new Set(['desadv', 'urn:epcglobal:cbv:btt:desadv', 'https://ref.gs1.org/cbv/BTT-desadv', 'cbv:BTT-desadv']);

/** The box an ASN announces: an AggregationEvent of an SSCC with SGTINs and a desadv naming an order. */
const asnOf = (event: Json): { code: string; sscc: string; gtins: Map<string, number> } | null => {
  if (event.type !== 'AggregationEvent' || event.action === 'DELETE' || typeof event.parentID !== 'string') return null;
  const sscc = /\/00\/(\d{18})$/.exec(canonicalDigitalLink(event.parentID))?.[1];
  const desadv = (Array.isArray(event.bizTransactionList) ? event.bizTransactionList : []).find(
    (t): t is Json => isObject(t) && typeof t.type === 'string' && DESADV.has(t.type) && typeof t.bizTransaction === 'string',
  );
  if (!sscc || !desadv) return null;
  const gtins = new Map<string, number>();
  for (const epc of strings(event.childEPCs)) {
    const gtin = /\/01\/(\d{14})\/21\//.exec(canonicalDigitalLink(epc))?.[1];
    if (gtin) gtins.set(gtin, (gtins.get(gtin) ?? 0) + 1);
  }
  return gtins.size ? { code: orderCodeOf(String(desadv.bizTransaction)), sscc, gtins } : null;
};

const eventsOf = (document: Json): Json[] => {
  const body = isObject(document.epcisBody) ? document.epcisBody : {};
  if (Array.isArray(body.eventList)) return body.eventList.filter(isObject);
  const results = isObject(body.queryResults) && isObject(body.queryResults.resultsBody) ? body.queryResults.resultsBody : {};
  return Array.isArray(results.eventList) ? results.eventList.filter(isObject) : [];
};

/**
 * A capture job as the binding has it, with the report of its events: `errors`, the events refused (by a rule of the
 * standard, or an ASN naming no order) and `duplicates`, those left out because their eventID was there already;
 * each with its index in the document's eventList, its eventID and the reason in the reader's language.
 */
const captureDto = (row: NonNullable<Awaited<ReturnType<typeof repo.getCapture>>>, language: Language) => {
  const entries = row.errors.map((e) => (isReportEntry(e) ? e : null));
  const rendered = (e: CaptureReportEntry) => ({
    ...(e.index >= 0 ? { index: e.index } : {}),
    ...(e.eventID ? { eventID: e.eventID } : {}),
    ...(e.rule ? { rule: e.rule } : {}),
    reason: render(e.reason, language),
  });
  return {
    captureID: String(row.id),
    createdAt: row.createdAt.toISOString(),
    ...(row.finishedAt ? { finishedAt: row.finishedAt.toISOString() } : {}),
    running: row.state === 'running',
    success: row.state !== 'failed',
    captureErrorBehaviour: 'rollback',
    eventCount: row.eventCount,
    errors: row.errors.flatMap((e, i) => {
      const entry = entries[i];
      return entry ? (entry.kind === 'rejected' ? [rendered(entry)] : []) : [e];
    }),
    duplicates: entries.flatMap((e) => (e?.kind === 'duplicate' ? [rendered(e)] : [])),
  };
};

/** Creates the boxes an ASN announces in its purchase order (the orders service's rules); answers the refused ASNs. */
const applyAsns = async (
  { db, orders }: { db: Db; orders: ReturnType<typeof createOrdersService> },
  user: AuthUser,
  events: Json[],
): Promise<CaptureReportEntry[]> => {
  const refused: CaptureReportEntry[] = [];
  const refuse = (index: number, reason: Message) =>
    refused.push({
      kind: 'rejected',
      index,
      eventID: typeof events[index]?.eventID === 'string' ? String(events[index]?.eventID) : null,
      rule: 'desadv',
      reason,
    });
  for (const [index, event] of events.entries()) {
    const asn = asnOf(event);
    if (!asn) continue;
    const order = await repo.purchaseOrderByCode(db, user.companyId, asn.code);
    if (!order) {
      refuse(index, msg('epcis.desadv_order_not_found', { code: asn.code }));
      continue;
    }
    try {
      const receptionId =
        order.reception_id ?? (await orders.createReception(user, { reception_code: asn.code, order_id: order.id })).id;
      const contents = [...asn.gtins].map(([gtin, quantity]) => ({ gtin, quantity }));
      await orders.createBox(user, { codebar: asn.sscc, reception_id: receptionId, contents });
    } catch (error) {
      // The box of a document captured again is there already: nothing to do.
      if (error instanceof AppError && error.text.key === BARCODE_EXISTS) continue;
      if (error instanceof AppError && error.code !== 'VALIDATION' && error.code !== 'NOT_FOUND') throw error;
      refuse(index, error instanceof AppError ? error.text : msg('common.invalid_value'));
    }
  }
  return refused;
};

export const createEpcisService = (db: Db) => {
  const orders = createOrdersService(db);
  const captureRepository = createCaptureRepository(db);

  return {
    // The query interface (SimpleEventQuery) is use-cases/query-events.ts.
    async event(user: AuthUser, eventId: string) {
      const [row] = await repo.queryEvents(db, user, { eventId: [eventId] }, 1);
      if (!row) throw notFound('epcis.event_not_found');
      return row.document;
    },

    async vocabulary(user: AuthUser, name: repo.VocabularyName, q: EventQuery) {
      const perPage = perPageOf(q.perPage);
      const after = q.nextPageToken ? Buffer.from(q.nextPageToken, 'base64url').toString() : undefined;
      const values = await repo.vocabulary(db, user, name, { ...(after ? { after } : {}), limit: perPage + 1 });
      const page = values.slice(0, perPage);
      const last = page.at(-1);
      return { values: page, next: values.length > perPage && last ? Buffer.from(last).toString('base64url') : null };
    },

    /**
     * Captures a document (EPCISDocument or EPCISQueryDocument) checked with the standard's JSON Schema (400 with its
     * errors). The job runs before the answer, all or nothing ('rollback'): ASN boxes first, then the events.
     */
    async capture(user: AuthUser, document: unknown) {
      const errors = schemaErrors(document, { blankNodes: true });
      if (errors.length) {
        const fields: FieldErrors = {};
        for (const e of errors) fields[e.path] = [...(fields[e.path] ?? []), msg('common.text', { text: e.message })];
        throw new AppError('VALIDATION', { message: 'epcis.invalid_document', errors: fields });
      }
      const doc = document as Json; // the schema checked it is an EPCIS document object
      const events = eventsOf(doc);
      const capture = await repo.insertCapture(db, { companyId: user.companyId, userId: user.id });
      await captureEvents(captureRepository, {
        user,
        captureId: capture.id,
        events,
        context: doc['@context'],
        recordTime: new Date(),
        prepare: () => applyAsns({ db, orders }, user, events),
      });
      return capture.id;
    },

    async captureJob(user: AuthUser, id: number, language: Language = 'en') {
      const row = await repo.getCapture(db, user.companyId, id);
      if (!row) throw notFound('epcis.capture_not_found');
      return captureDto(row, language);
    },

    async captureJobs(user: AuthUser, q: EventQuery, language: Language = 'en') {
      const perPage = perPageOf(q.perPage);
      const beforeId = q.nextPageToken ? tokenId(q.nextPageToken) : undefined;
      const rows = await repo.listCaptures(db, user.companyId, { ...(beforeId ? { beforeId } : {}), limit: perPage + 1 });
      const page = rows.slice(0, perPage);
      const last = page.at(-1);
      return {
        jobs: page.map((row) => captureDto(row, language)),
        next: rows.length > perPage && last ? pageToken(last.id) : null,
      };
    },
  };
};
export type EpcisService = ReturnType<typeof createEpcisService>;
