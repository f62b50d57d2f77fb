import { AppError, type FieldErrors } from '../../../http/errors.js';
import { msg } from '../../../i18n/messages.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { schemaErrors } from '../epcis.schema.js';
import type { EpcisRepository } from '../epcis-store.repository.js';
import { applyAsns } from './apply-asns.js';
import { captureEvents } from './capture-events.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The events of an EPCISDocument (epcisBody.eventList) or an EPCISQueryDocument (its queryResults' eventList). */
const eventsOf = (document: Json): Json[] => {
  const body = isObject(document.epcisBody) ? document.epcisBody : {};
  if (Array.isArray(body.eventList)) return body.eventList.filter(isObject);
  const results = isObject(body.queryResults) && isObject(body.queryResults.resultsBody) ? body.queryResults.resultsBody : {};
  return Array.isArray(results.eventList) ? results.eventList.filter(isObject) : [];
};

/** 400 epcis.invalid_document with the JSON Schema's errors by path, unless the document keeps the standard's schema. */
const requireEpcisDocument = (document: unknown): Json => {
  const errors = schemaErrors(document, { blankNodes: true });
  if (errors.length) {
    const fields: FieldErrors = {};
    for (const e of errors) fields[e.path] = [...(fields[e.path] ?? []), msg('common.text', { text: e.message })];
    throw new AppError('VALIDATION', { message: 'epcis.invalid_document', errors: fields });
  }
  return document as Json; // the schema checked it is an EPCIS document object
};

/**
 * POST /epcis/capture (and one event at POST /epcis/events): captures a document (EPCISDocument or
 * EPCISQueryDocument) checked with the standard's JSON Schema (400 with its errors). The job runs before the answer,
 * all or nothing ('rollback'): the boxes of its ASNs first, then the events. Answers the capture job's id.
 */
export const captureDocument = async (
  repo: EpcisRepository,
  { user, document, now }: { user: AuthUser; document: unknown; now: Date },
): Promise<number> => {
  const doc = requireEpcisDocument(document);
  const events = eventsOf(doc);
  const capture = await repo.insertCapture({ companyId: user.companyId, userId: user.id });
  await captureEvents(repo, {
    user,
    captureId: capture.id,
    events,
    context: doc['@context'],
    recordTime: now,
    prepare: () => applyAsns(repo, user, events),
  });
  return capture.id;
};
