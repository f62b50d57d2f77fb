import { WebhookDeliveryState } from '@rfid/contract';
import type { DeliveryRow, EndpointRow, WebhooksRepository } from '../webhooks.repository.js';

/** What the use case tests share: a fake repository over endpoints and deliveries in memory. */

export const NOW = new Date('2026-11-29T10:00:00Z');

export const endpointRow = (over: Partial<EndpointRow> = {}): EndpointRow => ({
  id: 1,
  companyId: 1,
  url: 'https://erp.example.com/hooks',
  description: '',
  eventTypes: ['order.status_changed'],
  locationIds: null,
  secret: 'whsec_current',
  previousSecret: null,
  previousSecretUntil: null,
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  consecutiveFailures: 0,
  failingSince: null,
  epcisSubscriptionId: null,
  createdBy: 1,
  createdAt: new Date('2026-11-01T00:00:00Z'),
  ...over,
});

export const deliveryRow = (over: Partial<DeliveryRow> = {}): DeliveryRow => ({
  id: 10,
  messageId: 5,
  eventType: 'order.status_changed',
  subject: 'order:1',
  state: WebhookDeliveryState.Failed,
  attempts: 10,
  lastStatus: 503,
  lastError: 'HTTP 503',
  lastDurationMs: 12,
  lastAttemptAt: NOW,
  nextAttemptAt: NOW,
  deliveredAt: null,
  createdAt: NOW,
  ...over,
});

/** The fake: endpoints of company 1 (and others); deliveries per endpoint; `locations` the company's location ids. */
export const fakeRepo = (
  endpoints: EndpointRow[] = [endpointRow()],
  deliveries: (DeliveryRow & { endpointId: number })[] = [],
  locations: number[] = [2, 3],
) => {
  const state = { endpoints: [...endpoints], deliveries: [...deliveries], disabled: [] as string[] };
  const find = (companyId: number, id: number) => state.endpoints.find((e) => e.companyId === companyId && e.id === id);
  const repo: WebhooksRepository = {
    list: async (companyId) => state.endpoints.filter((e) => e.companyId === companyId),
    get: async (companyId, id) => find(companyId, id),
    countCompanyLocations: async (_companyId, ids) => ids.filter((id) => locations.includes(id)).length,
    create: async (companyId, fields) => {
      const row = endpointRow({ ...fields, id: state.endpoints.length + 100, companyId });
      state.endpoints.push(row);
      return row;
    },
    update: async (companyId, id, fields) => {
      const row = find(companyId, id);
      if (row) Object.assign(row, fields);
      return row;
    },
    disable: async (companyId, id, reason) => {
      const row = find(companyId, id);
      if (!row) return;
      Object.assign(row, { enabled: false, disabledReason: reason, disabledAt: NOW });
      state.disabled.push(reason);
    },
    enable: async (companyId, id) => {
      const row = find(companyId, id);
      if (row) Object.assign(row, { enabled: true, disabledReason: null, disabledAt: null, consecutiveFailures: 0 });
      return row;
    },
    remove: async (companyId, id) => {
      const before = state.endpoints.length;
      state.endpoints = state.endpoints.filter((e) => !(e.companyId === companyId && e.id === id));
      return state.endpoints.length < before;
    },
    rotateSecret: async (companyId, id, secret, until) => {
      const row = find(companyId, id);
      if (row) Object.assign(row, { previousSecret: row.secret, previousSecretUntil: until, secret });
      return row;
    },
    deliveries: async (endpointId, filter, page) => {
      const rows = state.deliveries.filter((d) => d.endpointId === endpointId && (!filter.state || d.state === filter.state));
      return { rows: rows.slice(page.offset, page.offset + page.limit), count: rows.length };
    },
    replay: async (endpointId, deliveryId) => {
      const row = state.deliveries.find(
        (d) => d.id === deliveryId && d.endpointId === endpointId && d.state === WebhookDeliveryState.Failed,
      );
      if (row) Object.assign(row, { state: WebhookDeliveryState.Pending, attempts: 0 });
      return row !== undefined;
    },
    replayFailedSince: async (endpointId, since) => {
      const rows = state.deliveries.filter(
        (d) => d.endpointId === endpointId && d.state === WebhookDeliveryState.Failed && d.createdAt >= since,
      );
      for (const row of rows) Object.assign(row, { state: WebhookDeliveryState.Pending, attempts: 0 });
      return rows.length;
    },
  };
  return { repo, state };
};
