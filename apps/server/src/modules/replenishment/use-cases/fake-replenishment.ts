import { notFound } from '../../../http/errors.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type {
  FloorTargetRow,
  PickLineRow,
  ReplenishmentRepository,
  StoredPick,
  StoreOfList,
} from '../replenishment.repository.js';

/** A user of company 1 who sees location 1 (the use cases' tests). */
export const storeUser: AuthUser = {
  id: 7,
  companyId: 1,
  role: 3,
  editor: true,
  email: 'u@x',
  locationIds: [1],
  assignedLocationIds: [1],
  tokenHash: '',
};

/** A line's row as the SQL answers it. */
export const lineRow = (over: Partial<PickLineRow> = {}): PickLineRow => ({
  gtin: '08437012100008',
  item_type: 3,
  description: 'Camiseta',
  size_primary: 'M',
  size_secondary: '',
  colour: 'Azul',
  section: 'Mujer',
  image: null,
  target: 2,
  on_floor: 0,
  in_stockroom: 5,
  sold_recently: 4,
  picked: null,
  picked_at: null,
  areas: [{ id: 9, description: 'Almacén tienda', count: 5 }],
  epcs: ['E1', 'E2'],
  total: 1,
  ...over,
});

/**
 * The replenishment repository in memory: one store (location 1, company 1), its targets and picks; a location the
 * user does not see throws as requireLocation does (a 404).
 */
export const fakeReplenishment = (lines: PickLineRow[] = [lineRow()]) => {
  const store: StoreOfList = { id: 1, companyId: 1, timeZone: 'Europe/Madrid', floorTargetDefault: 1 };
  const targets: FloorTargetRow[] = [];
  const picks: (StoredPick & { client_id: string | null })[] = [];
  const calls: unknown[] = [];
  let nextId = 1;
  const repo: ReplenishmentRepository = {
    async store(user, locationId) {
      if (locationId !== store.id || user.companyId !== store.companyId) throw notFound('location.not_found');
      return { ...store };
    },
    async pickList(query) {
      calls.push(query);
      return lines;
    },
    async summary(query) {
      calls.push(query);
      return { nosbos: lines.filter((l) => l.on_floor === 0).length, lines: lines.length, units: 0 };
    },
    async hasGtin(_locationId, gtin) {
      return lines.some((l) => l.gtin === gtin);
    },
    async addPick({ locationId, gtin, status, quantity, userId, clientId }) {
      if (clientId && picks.some((p) => p.client_id === clientId)) return null;
      const row = { id: nextId++, gtin, status, quantity, at: new Date('2026-11-10T10:00:00Z') };
      picks.push({ ...row, location_id: locationId, user_id: userId, client_id: clientId ?? null });
      return row;
    },
    async pickByClientId(clientId) {
      return picks.find((p) => p.client_id === clientId);
    },
    async targets() {
      return [...targets];
    },
    async setDefault(_locationId, target) {
      store.floorTargetDefault = target;
    },
    async upsertTarget({ gtin, section, target }) {
      const found = targets.find((t) => (gtin !== null ? t.gtin === gtin : t.section === section));
      if (found) found.target = target;
      else targets.push({ id: nextId++, gtin, section, description: null, target, updated_at: new Date(0) });
    },
    async deleteTarget(_locationId, targetId) {
      const i = targets.findIndex((t) => t.id === targetId);
      if (i < 0) return false;
      targets.splice(i, 1);
      return true;
    },
  };
  return { repo, store, targets, picks, calls };
};
