import type { Db } from '../../db/client.js';
import type { PageParams } from '../../http/paging.js';
import type { AuthUser } from '../../plugins/auth.js';
import { createStockRepository } from './stock-store.repository.js';
import { countAlarms } from './use-cases/count-alarms.js';
import { exportBoxesSeen } from './use-cases/export-boxes-seen.js';
import { type GetAreaSummaryInput, getAreaSummary } from './use-cases/get-area-summary.js';
import { getContentBox } from './use-cases/get-content-box.js';
import { type GetGlobalStockInput, getGlobalStock } from './use-cases/get-global-stock.js';
import { listAlarms } from './use-cases/list-alarms.js';
import { type ListBoxStockInput, listBoxStock } from './use-cases/list-box-stock.js';
import { type ListBoxesSeenInput, listBoxesSeen } from './use-cases/list-boxes-seen.js';
import { type ListItemStockInput, listItemStock } from './use-cases/list-item-stock.js';
import { type ListMinimumStocksOfTypeInput, listMinimumStocksOfType } from './use-cases/list-minimum-stocks-of-type.js';
import { type SetMinimumStockInput, setMinimumStock } from './use-cases/set-minimum-stock.js';
import { type UpdateMinimumStockInput, updateMinimumStock } from './use-cases/update-minimum-stock.js';
import { uploadInventoryFile } from './use-cases/upload-inventory-file.js';

/** The stock use cases (use-cases/*.ts) over the database's stock repository, as the routes call them. */
export const createStockService = (db: Db) => {
  const repo = createStockRepository(db);
  return {
    areaSummary: (user: AuthUser, areaId: number, query: GetAreaSummaryInput['query'], page: PageParams) =>
      getAreaSummary(repo, { user, areaId, query, page }),
    globalStock: (user: AuthUser, query: GetGlobalStockInput['query'], page: PageParams) =>
      getGlobalStock(repo, { user, query, page }),
    itemStock: (user: AuthUser, query: ListItemStockInput['query'], page: PageParams) =>
      listItemStock(repo, { user, query, page }),
    boxStock: (user: AuthUser, query: ListBoxStockInput['query'], page: PageParams) => listBoxStock(repo, { user, query, page }),
    contentBox: (user: AuthUser, codebar: string) => getContentBox(repo, { user, codebar }),
    boxesSeen: (user: AuthUser, areaId: number, query: ListBoxesSeenInput['query'], page: PageParams) =>
      listBoxesSeen(repo, { user, areaId, query, page }),
    boxesSeenCsv: (user: AuthUser, areaId: number) => exportBoxesSeen(repo, { user, areaId }),
    uploadInventoryFile: (user: AuthUser, areaId: number, text: string) =>
      uploadInventoryFile(repo, { user, areaId, text, now: new Date() }),
    minimumStocksOfType: (user: AuthUser, itemTypeId: number, query: ListMinimumStocksOfTypeInput['query']) =>
      listMinimumStocksOfType(repo, { user, itemTypeId, query }),
    setMinimumStock: (user: AuthUser, body: SetMinimumStockInput['body']) => setMinimumStock(repo, { user, body }),
    updateMinimumStock: (user: AuthUser, id: number, body: UpdateMinimumStockInput['body']) =>
      updateMinimumStock(repo, { user, id, body }),
    alarms: (user: AuthUser, query: Parameters<typeof listAlarms>[1]['query'], page: PageParams) =>
      listAlarms(repo, { user, query, page }),
    alarmCount: (user: AuthUser, query: Parameters<typeof countAlarms>[1]['query']) => countAlarms(repo, { user, query }),
  };
};
