import { BOX_STATUS_WORDS, SIDE_WORDS } from '../../lib/export/states.js';
import type { ExportColumn, ExportTable } from '../../lib/export/table.js';
import type { OrderCsvRow } from './lines.repository.js';

/** Maps each chunk of an async iterable. */
export async function* mapChunks<T, U>(chunks: AsyncIterable<T[]>, map: (row: T) => U): AsyncGenerator<U[]> {
  for await (const chunk of chunks) yield chunk.map(map);
}

/** The order an export row belongs to. */
export type OrderOfRow = {
  id: number;
  orderCode: string;
  providerName?: string | null;
  originDescription?: string | null;
  destinationDescription?: string | null;
};
export type OrderExportRow = OrderCsvRow & { order: OrderOfRow };

const orderColumns: ExportColumn<OrderExportRow>[] = [
  { header: { es: 'Id pedido', en: 'Order id' }, kind: 'number', value: (r) => r.order.id },
  { header: { es: 'Código de pedido', en: 'Order code' }, kind: 'text', value: (r) => r.order.orderCode, width: 18 },
];
const boxColumn: ExportColumn<OrderExportRow> = {
  header: { es: 'Caja', en: 'Box' },
  kind: 'text',
  value: (r) => r.codebar,
  width: 20,
};
const contentColumns: ExportColumn<OrderExportRow>[] = [
  { header: { es: 'GTIN', en: 'GTIN' }, kind: 'text', value: (r) => r.gtin, width: 16 },
  { header: { es: 'Descripción', en: 'Description' }, kind: 'text', value: (r) => r.description, width: 32 },
  { header: { es: 'Esperadas', en: 'Expected' }, kind: 'number', value: (r) => r.quantity ?? 0 },
];

type Side = 'origin' | 'destination';
const sideColumns = (side: Side, { named }: { named: boolean }): ExportColumn<OrderExportRow>[] => {
  const words = SIDE_WORDS[side] ?? { es: side, en: side };
  const of = (es: string, en: string) =>
    named ? { es: `${es} (${words.es.toLowerCase()})`, en: `${en} (${words.en.toLowerCase()})` } : { es, en };
  return [
    {
      header: of('Estado de la caja', 'Box status'),
      kind: 'state',
      states: BOX_STATUS_WORDS,
      value: (r) => (side === 'origin' ? r.origin_status : r.destination_status),
      width: 22,
    },
    {
      header: of('Hora de lectura', 'Reading time'),
      kind: 'datetime',
      value: (r) => (side === 'origin' ? r.origin_reading_time : r.destination_reading_time),
      width: 18,
    },
  ];
};
const readColumns = (side: Side, { named }: { named: boolean }): ExportColumn<OrderExportRow>[] => {
  const words = SIDE_WORDS[side] ?? { es: side, en: side };
  const read = (r: OrderExportRow) => (side === 'origin' ? r.origin_read : r.destination_read) ?? 0;
  const suffix = (w: string) => (named ? ` (${w.toLowerCase()})` : '');
  return [
    { header: { es: `Leídas${suffix(words.es)}`, en: `Read${suffix(words.en)}` }, kind: 'number', value: read },
    {
      header: { es: `Diferencia${suffix(words.es)}`, en: `Difference${suffix(words.en)}` },
      kind: 'number',
      value: (r) => read(r) - (r.quantity ?? 0),
    },
  ];
};

const originColumn: ExportColumn<OrderExportRow> = {
  header: { es: 'Origen', en: 'Origin' },
  kind: 'text',
  value: (r) => r.order.originDescription,
  width: 24,
};

/** An order checked at one side: each box and GTIN, with `place` after the order's columns, then the side's figures. */
const oneSideTable = (
  sheet: ExportTable<OrderExportRow>['sheet'],
  place: ExportColumn<OrderExportRow>,
  side: Side,
): ExportTable<OrderExportRow> => ({
  sheet,
  columns: [
    ...orderColumns,
    place,
    boxColumn,
    ...sideColumns(side, { named: false }),
    ...contentColumns,
    ...readColumns(side, { named: false }),
  ],
});

/** A purchase order (inbound): each box and GTIN, checked at the destination: expected, read and their difference. */
export const PURCHASE_ORDER_TABLE = oneSideTable(
  { es: 'Pedido', en: 'Order' },
  { header: { es: 'Proveedor', en: 'Provider' }, kind: 'text', value: (r) => r.order.providerName, width: 24 },
  'destination',
);

/** An online order: each box and GTIN, checked at the origin (the store that ships it). */
export const ONLINE_ORDER_TABLE = oneSideTable({ es: 'Pedido online', en: 'Online order' }, originColumn, 'origin');

/** A movement: each box and GTIN, checked at both sides. */
export const MOVEMENT_TABLE: ExportTable<OrderExportRow> = {
  sheet: { es: 'Movimiento', en: 'Movement' },
  columns: [
    ...orderColumns,
    originColumn,
    { header: { es: 'Destino', en: 'Destination' }, kind: 'text', value: (r) => r.order.destinationDescription, width: 24 },
    boxColumn,
    ...sideColumns('origin', { named: true }),
    ...sideColumns('destination', { named: true }),
    ...contentColumns,
    ...readColumns('origin', { named: true }),
    ...readColumns('destination', { named: true }),
  ],
};

/** The rows of an order's chunks, each with its order. */
export const withOrder = (order: OrderOfRow, chunks: AsyncIterable<OrderCsvRow[]>): AsyncIterable<OrderExportRow[]> =>
  mapChunks(chunks, (row) => ({ ...row, order }));

/** One row of the print data (lines.repository.ts printDataRows). */
export type PrintDataRow = {
  order_id: number;
  order_code: string;
  provider_name: string | null;
  estimated_arrival_date: Date | string | null;
  arrival_date: Date | string | null;
  codebar: string;
  gtin: string;
  description: string | null;
  model: string | null;
  colour: string | null;
  size_primary: string | null;
  quantity: number;
};

/** The print data of a range: expected units per order, box and GTIN. */
export const PRINT_DATA_TABLE: ExportTable<PrintDataRow> = {
  sheet: { es: 'Datos de impresión', en: 'Print data' },
  columns: [
    { header: { es: 'Id pedido', en: 'Order id' }, kind: 'number', value: (r) => r.order_id },
    { header: { es: 'Código de pedido', en: 'Order code' }, kind: 'text', value: (r) => r.order_code, width: 18 },
    { header: { es: 'Proveedor', en: 'Provider' }, kind: 'text', value: (r) => r.provider_name, width: 24 },
    {
      header: { es: 'Llegada prevista', en: 'Estimated arrival' },
      kind: 'datetime',
      value: (r) => r.estimated_arrival_date,
      width: 18,
    },
    { header: { es: 'Llegada', en: 'Arrival' }, kind: 'datetime', value: (r) => r.arrival_date, width: 18 },
    { header: { es: 'Caja', en: 'Box' }, kind: 'text', value: (r) => r.codebar, width: 20 },
    { header: { es: 'GTIN', en: 'GTIN' }, kind: 'text', value: (r) => r.gtin, width: 16 },
    { header: { es: 'Descripción', en: 'Description' }, kind: 'text', value: (r) => r.description, width: 32 },
    { header: { es: 'Modelo', en: 'Model' }, kind: 'text', value: (r) => r.model },
    { header: { es: 'Color', en: 'Colour' }, kind: 'text', value: (r) => r.colour },
    { header: { es: 'Talla', en: 'Size' }, kind: 'text', value: (r) => r.size_primary },
    { header: { es: 'Unidades', en: 'Units' }, kind: 'number', value: (r) => r.quantity },
  ],
};

/** One EPC a movement's box verification read (report_mode 1). */
export type MovementEpcRow = {
  order: OrderOfRow;
  codebar: string;
  side: string;
  epc: string;
  gtin: string | null;
  description: string | null;
};

export const MOVEMENT_EPC_TABLE: ExportTable<MovementEpcRow> = {
  sheet: { es: 'EPC verificados', en: 'Verified EPCs' },
  columns: [
    { header: { es: 'Id pedido', en: 'Order id' }, kind: 'number', value: (r) => r.order.id },
    { header: { es: 'Código de pedido', en: 'Order code' }, kind: 'text', value: (r) => r.order.orderCode, width: 18 },
    { header: { es: 'Caja', en: 'Box' }, kind: 'text', value: (r) => r.codebar, width: 20 },
    { header: { es: 'Lado', en: 'Side' }, kind: 'state', states: SIDE_WORDS, value: (r) => r.side },
    { header: { es: 'EPC', en: 'EPC' }, kind: 'text', value: (r) => r.epc, width: 28 },
    { header: { es: 'GTIN', en: 'GTIN' }, kind: 'text', value: (r) => r.gtin, width: 16 },
    { header: { es: 'Descripción', en: 'Description' }, kind: 'text', value: (r) => r.description, width: 32 },
  ],
};
