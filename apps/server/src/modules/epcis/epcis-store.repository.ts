import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createOrdersService } from '../orders/orders.service.js';
import { type CaptureRepository, createCaptureRepository } from './capture/capture.repository.js';
import * as rows from './epcis.repository.js';

type OrdersService = ReturnType<typeof createOrdersService>;
export type CaptureRow = NonNullable<Awaited<ReturnType<typeof rows.getCapture>>>;

/**
 * What the EPCIS use cases of events, vocabularies and captures (use-cases/*.ts) read and write: the events the user
 * sees (epcis.repository.ts), the capture jobs, the capture's own storage (capture/capture.repository.ts), and the
 * purchase orders an ASN's boxes go to, created by the orders module's use cases.
 */
export type EpcisRepository = CaptureRepository & {
  /** The event of the eventID among those the user sees, or undefined. */
  eventById: (user: AuthUser, eventId: string) => Promise<rows.StoredEvent | undefined>;
  /** The distinct values of a vocabulary in the events the user sees, in order, after `after`. */
  vocabulary: (user: AuthUser, name: rows.VocabularyName, page: { after?: string; limit: number }) => Promise<string[]>;
  /** A new capture job of the user (running). */
  insertCapture: (input: { companyId: number; userId: number }) => Promise<CaptureRow>;
  /** The company's capture job, or undefined. */
  capture: (companyId: number, id: number) => Promise<CaptureRow | undefined>;
  /** The company's capture jobs, newest first, before `beforeId`. */
  captures: (companyId: number, page: { beforeId?: number; limit: number }) => Promise<CaptureRow[]>;
  /** A purchase order of the company by its code, with its first reception. */
  purchaseOrderByCode: (
    companyId: number,
    code: string,
  ) => Promise<{ id: number; location_id: number | null; reception_id: number | null } | undefined>;
  /** Opens a reception of the order (the orders module's rules). */
  createReception: OrdersService['createReception'];
  /** Creates a box with its contents in a reception (the orders module's rules; 409 when its barcode exists). */
  createBox: OrdersService['createBox'];
};

export const createEpcisRepository = (db: Db): EpcisRepository => {
  const orders = createOrdersService(db);
  return {
    ...createCaptureRepository(db),
    eventById: async (user, eventId) => (await rows.queryEvents(db, user, { eventId: [eventId] }, 1))[0],
    vocabulary: (user, name, page) => rows.vocabulary(db, user, name, page),
    insertCapture: (input) => rows.insertCapture(db, input),
    capture: (companyId, id) => rows.getCapture(db, companyId, id),
    captures: (companyId, page) => rows.listCaptures(db, companyId, page),
    purchaseOrderByCode: (companyId, code) => rows.purchaseOrderByCode(db, companyId, code),
    createReception: (user, body) => orders.createReception(user, body),
    createBox: (user, body) => orders.createBox(user, body),
  };
};
