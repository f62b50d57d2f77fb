import type { PosItem, PosListQuery, PosTransaction } from '@rfid/contract';
import type { Db } from '../../db/client.js';
import { visibleOr } from '../../http/errors.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { requireLocation } from '../locations/location-scope.js';
import { toEpcLine } from '../tracking/epc-line.js';
import * as repo from './pos.repository.js';
import type { PosKind } from './pos.rules.js';

export const toPosDto = (r: repo.PosRow): PosTransaction => {
  const warnings = r.readCount - r.itemCount;
  const status = warnings > 0 ? 2 : 3;
  const end = r.endTime.toISOString();
  return {
    id: r.id,
    kind: r.kind,
    origin_status: status,
    destination_status: status,
    destination_waiting_time: Math.max(0, Math.round((r.endTime.getTime() - r.startTime.getTime()) / 1000)),
    item_count: r.readCount,
    destination_real_item_count: r.itemCount,
    warning_count: warnings,
    num_boxes: 0,
    destination_num_verified_boxes: 0,
    creation_date: r.startTime.toISOString(),
    start_time: r.startTime.toISOString(),
    end_time: end,
    ...(r.kind === 'return' ? { estimated_end_time: end } : { estimated_arrival_date: end }),
    destination: r.locationId,
    destination_description: r.locationDescription,
    device: r.deviceId !== null && r.serialNumber !== null ? { id: r.deviceId, serial_number: r.serialNumber } : null,
  };
};

export const createPosService = (db: Db) => {
  const requireTransaction = (user: AuthUser, kind: PosKind, id: number) =>
    visibleOr(
      user,
      repo.getPosTransaction(db, { id, kind, companyId: user.companyId }),
      kind === 'sale' ? 'pos.sale_not_found' : 'orders.return_not_found',
    );
  return {
    async list(user: AuthUser, kind: PosKind, locationId: number, query: PosListQuery, page: PageParams) {
      const { timeZone } = await requireLocation(db, user, locationId);
      const { count, rows } = await repo.listPosTransactions(db, { kind, locationId, query, page, timeZone });
      return { count, results: rows.map(toPosDto) };
    },
    async get(user: AuthUser, kind: PosKind, id: number) {
      return toPosDto(await requireTransaction(user, kind, id));
    },
    async items(user: AuthUser, kind: PosKind, id: number, page: PageParams): Promise<{ count: number; results: PosItem[] }> {
      await requireTransaction(user, kind, id);
      const { count, rows } = await repo.posItems(db, id, page);
      return {
        count,
        results: rows.map((r) => ({ ...toEpcLine(r, r.quantity), warning: r.warning })),
      };
    },
  };
};
