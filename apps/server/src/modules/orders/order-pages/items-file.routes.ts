import { DEFAULT_TIME_ZONE, exportQuerySchema, idParamSchema } from '@rfid/contract';
import { exportGetter } from '../../../http/export-route.js';
import type { ZodApp } from '../../../http/route.js';
import { routeDeclarer } from '../../../http/route.js';
import type { Language } from '../../../i18n/messages.js';
import type { ExportColumn, ExportTable, Words } from '../../../lib/export/table.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { OrderPageKind, PageSide } from './page-kind.js';

/** The cells every items file starts with: a GTIN line's item type and its expected quantity. */
export type ItemLineCells = {
  gtin: string;
  description: string | null;
  model: string | null;
  colour: string | null;
  reference: string | null;
  theorical_quantity: number;
};

const ITEM_COLUMNS: ExportColumn<ItemLineCells>[] = [
  { header: { es: 'GTIN', en: 'GTIN' }, kind: 'text', value: (l) => l.gtin, width: 16 },
  { header: { es: 'Descripción', en: 'Description' }, kind: 'text', value: (l) => l.description, width: 32 },
  { header: { es: 'Modelo', en: 'Model' }, kind: 'text', value: (l) => l.model },
  { header: { es: 'Color', en: 'Colour' }, kind: 'text', value: (l) => l.colour },
  { header: { es: 'Referencia', en: 'Reference' }, kind: 'text', value: (l) => l.reference, width: 16 },
  { header: { es: 'Esperadas', en: 'Expected' }, kind: 'number', value: (l) => l.theorical_quantity },
];

/** What the items file reads: every item line of the order. */
export type ItemsFileReader<Line> = {
  itemsCsv: (user: AuthUser, id: number, side?: PageSide) => Promise<{ order: { id: number }; lines: Line[] }>;
};

/** The items file of a kind: its name and sheet, and the columns that follow the common ones (ITEM_COLUMNS). */
export type ItemsFile<Line> = { name: (orderId: number) => Words; sheet: Words; moreColumns: ExportColumn<Line>[] };

/** `GET {prefix}/:id/items-csv/`: the items file, per GTIN expected vs real (CSV or xlsx; lang es/en). */
export const registerItemsFile = <Line extends ItemLineCells>(
  app: ZodApp,
  { tags, name, prefix, sides }: OrderPageKind,
  {
    file,
    defaultLanguage,
    reader,
  }: {
    file: ItemsFile<Line>;
    /** The language of a file when the request names none. */
    defaultLanguage: Language;
    reader: ItemsFileReader<Line>;
  },
): void => {
  const table: ExportTable<Line> = { sheet: file.sheet, columns: [...ITEM_COLUMNS, ...file.moreColumns] };
  exportGetter(app, routeDeclarer(tags), defaultLanguage)(
    `${prefix}/:id/items-csv/`,
    {
      summary: `Items file of ${name}: per GTIN expected vs real (CSV or xlsx; lang es/en)`,
      params: idParamSchema,
      querystring: sides.query.extend(exportQuerySchema.shape),
    },
    async (user, { params, query }) => {
      const { order, lines } = await reader.itemsCsv(user, params.id, sides.of(query));
      // The table has no times: the zone does not matter.
      return { table, name: file.name(order.id), rows: lines, timeZone: DEFAULT_TIME_ZONE };
    },
  );
};
