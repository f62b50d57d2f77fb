import { exportQuerySchema, idParamSchema } from '@rfid/contract';
import type { DbOrTx } from '../../../db/client.js';
import { exportGetter } from '../../../http/export-route.js';
import { routeDeclarer, type ZodApp } from '../../../http/route.js';
import type { Language } from '../../../i18n/messages.js';
import type { ExportTable, Words } from '../../../lib/export/table.js';
import type { AuthUser } from '../../../plugins/auth.js';
import { exportTimeZone } from '../../locations/location-scope.js';
import { type OrderExportRow, type OrderOfRow, withOrder } from '../csv.js';
import type { OrderCsvRow } from '../lines.repository.js';
import type { OrderPageKind } from './page-kind.js';

/** What the order file reads: the order (with the location whose zone its times are written in) and its rows in chunks. */
export type OrderFileReader<Order extends OrderOfRow> = (
  user: AuthUser,
  id: number,
) => Promise<{ order: Order; chunks: AsyncIterable<OrderCsvRow[]> }>;

/** The order file of a kind: its summary, its table, its download name and the location whose zone it is written in. */
export type OrderFile<Order extends OrderOfRow> = {
  summary: string;
  table: ExportTable<OrderExportRow>;
  name: (orderId: number) => Words;
  locationOf: (order: Order) => number | null;
};

/** `GET {prefix}/:id/csv/`: the order file, each box and GTIN with its order (CSV or xlsx; lang es/en). */
export const registerOrderFile = <Order extends OrderOfRow>(
  app: ZodApp,
  { tags, prefix }: OrderPageKind,
  {
    reader,
    file,
    db,
    defaultLanguage,
  }: {
    /** First: the order's type is read from it (a file's `locationOf` takes that order). */
    reader: OrderFileReader<Order>;
    file: OrderFile<NoInfer<Order>>;
    db: DbOrTx;
    /** The language of a file when the request names none. */
    defaultLanguage: Language;
  },
): void => {
  exportGetter(app, routeDeclarer(tags), defaultLanguage)(
    `${prefix}/:id/csv/`,
    { summary: file.summary, params: idParamSchema, querystring: exportQuerySchema },
    async (user, { params }) => {
      const { order, chunks } = await reader(user, params.id);
      const timeZone = await exportTimeZone(db, user, file.locationOf(order));
      return { table: file.table, name: file.name(order.id), rows: withOrder(order, chunks), timeZone };
    },
  );
};
