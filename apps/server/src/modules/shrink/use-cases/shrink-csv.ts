import type { ShrinkReport } from '@rfid/contract';
import type { ExportTable, Words } from '../../../lib/export/table.js';

/** One line of the shrink file: a kind of row, its days, its key and its figures (null where they do not apply). */
export type ShrinkLine = {
  kind: 'total' | 'inventoryLost' | 'exitLost' | 'day' | 'inventory' | 'gtin' | 'section';
  from: string;
  to: string;
  key: string;
  description: string;
  section: string;
  expected: number | null;
  matched: number | null;
  accuracy: number | null;
  units: number | null;
  value: number | null;
};

const KIND_WORDS: Record<ShrinkLine['kind'], Words> = {
  total: { es: 'total', en: 'total' },
  inventoryLost: { es: 'perdidas en inventario', en: 'lost at inventory' },
  exitLost: { es: 'perdidas en salida', en: 'lost at exit' },
  day: { es: 'día', en: 'day' },
  inventory: { es: 'inventario', en: 'inventory' },
  gtin: { es: 'gtin', en: 'gtin' },
  section: { es: 'sección', en: 'section' },
};

/** The file's columns (lib/export: the user's language, CSV or xlsx). */
export const SHRINK_TABLE: ExportTable<ShrinkLine> = {
  sheet: { es: 'Mermas', en: 'Shrink' },
  columns: [
    { header: { es: 'Tipo', en: 'Kind' }, kind: 'state', states: KIND_WORDS, value: (l) => l.kind, width: 22 },
    { header: { es: 'Desde', en: 'From' }, kind: 'date', value: (l) => l.from },
    { header: { es: 'Hasta', en: 'To' }, kind: 'date', value: (l) => l.to },
    { header: { es: 'Clave', en: 'Key' }, kind: 'text', value: (l) => l.key, width: 16 },
    { header: { es: 'Descripción', en: 'Description' }, kind: 'text', value: (l) => l.description, width: 28 },
    { header: { es: 'Sección', en: 'Section' }, kind: 'text', value: (l) => l.section },
    { header: { es: 'Esperados', en: 'Expected' }, kind: 'number', value: (l) => l.expected },
    { header: { es: 'Coincidentes', en: 'Matched' }, kind: 'number', value: (l) => l.matched },
    { header: { es: 'Exactitud %', en: 'Accuracy %' }, kind: 'number', value: (l) => l.accuracy },
    { header: { es: 'Unidades', en: 'Units' }, kind: 'number', value: (l) => l.units },
    { header: { es: 'Valor', en: 'Value' }, kind: 'number', value: (l) => l.value },
  ],
};

const none = { key: '', description: '', section: '', expected: null, matched: null, accuracy: null };

/**
 * GET /api/locations/{id}/shrink/csv/: the report as one table a spreadsheet filters by its first column: the period's
 * totals (accuracy, shrink, and each source), one row per day, per validated inventory, per top GTIN and per top
 * section. Written by lib/export in the user's language (Spanish: `;` and a decimal comma).
 */
export const shrinkCsv = (report: ShrinkReport, { code }: { code: string }): { name: Words; rows: ShrinkLine[] } => {
  const period = { from: report.date_from, to: report.date_to };
  /** A line of the whole period: its kind, its units and value and its own cells; the other cells blank. */
  const periodLine = (
    kind: ShrinkLine['kind'],
    cells: Pick<ShrinkLine, 'units' | 'value'> & Partial<Pick<ShrinkLine, 'key' | 'description' | 'section' | 'accuracy'>>,
  ): ShrinkLine => ({ kind, ...period, ...none, ...cells });
  const rows: ShrinkLine[] = [
    periodLine('total', { accuracy: report.accuracy, units: report.shrink.units, value: report.shrink.value }),
    periodLine('inventoryLost', report.shrink.inventory),
    periodLine('exitLost', report.shrink.exit),
    ...report.days.map((d): ShrinkLine => ({ kind: 'day', from: d.day, to: d.day, ...none, units: d.units, value: d.value })),
    ...report.trend.map(
      (i): ShrinkLine => ({
        kind: 'inventory',
        from: i.day,
        to: i.day,
        ...none,
        key: String(i.inventory_id),
        description: i.area_description,
        expected: i.expected,
        matched: i.matched,
        accuracy: i.accuracy,
        units: null,
        value: null,
      }),
    ),
    ...report.top_gtins.map((g) =>
      periodLine('gtin', { key: g.gtin, description: g.description, section: g.section, units: g.units, value: g.value }),
    ),
    ...report.top_sections.map((s) =>
      periodLine('section', { key: s.section, section: s.section, units: s.units, value: s.value }),
    ),
  ];
  const stem = `${code}_${report.date_from}_${report.date_to}`;
  return { name: { es: `mermas_${stem}`, en: `shrink_${stem}` }, rows };
};
