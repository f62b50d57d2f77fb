import type { ShrinkReport } from '@rfid/contract';
import type { CsvDialect } from '../../../http/csv.js';

type CsvLanguage = 'es' | 'en';

/** The file's columns and its row kinds, in the report's language. */
const WORDS = {
  es: {
    columns: [
      'tipo',
      'fecha',
      'clave',
      'descripción',
      'sección',
      'esperados',
      'coincidentes',
      'exactitud %',
      'unidades',
      'valor',
    ],
    total: 'total',
    inventoryLost: 'perdidas en inventario',
    exitLost: 'perdidas en salida',
    day: 'día',
    inventory: 'inventario',
    gtin: 'gtin',
    section: 'sección',
    file: 'mermas',
  },
  en: {
    columns: ['kind', 'date', 'key', 'description', 'section', 'expected', 'matched', 'accuracy %', 'units', 'value'],
    total: 'total',
    inventoryLost: 'lost at inventory',
    exitLost: 'lost at exit',
    day: 'day',
    inventory: 'inventory',
    gtin: 'gtin',
    section: 'section',
    file: 'shrink',
  },
} as const;

export type ShrinkCsv = { filename: string; columns: string[]; rows: unknown[][]; dialect: CsvDialect };

/**
 * GET /api/locations/{id}/shrink/csv/: the report as one table a spreadsheet filters by its first column: the period's
 * totals (accuracy, shrink, and each source), one row per day, per validated inventory, per top GTIN and per top
 * section. Spanish: Spanish column names, `;` and a decimal comma (the one CSV writer's 'es' dialect).
 */
export const shrinkCsv = (report: ShrinkReport, { lang, code }: { lang: CsvLanguage; code: string }): ShrinkCsv => {
  const w = WORDS[lang];
  const period = `${report.date_from}/${report.date_to}`;
  const rows: unknown[][] = [
    [w.total, period, '', '', '', null, null, report.accuracy, report.shrink.units, report.shrink.value],
    [w.inventoryLost, period, '', '', '', null, null, null, report.shrink.inventory.units, report.shrink.inventory.value],
    [w.exitLost, period, '', '', '', null, null, null, report.shrink.exit.units, report.shrink.exit.value],
    ...report.days.map((d) => [w.day, d.day, '', '', '', null, null, null, d.units, d.value]),
    ...report.trend.map((i) => [
      w.inventory,
      i.day,
      String(i.inventory_id),
      i.area_description,
      '',
      i.expected,
      i.matched,
      i.accuracy,
      null,
      null,
    ]),
    ...report.top_gtins.map((g) => [w.gtin, period, g.gtin, g.description, g.section, null, null, null, g.units, g.value]),
    ...report.top_sections.map((s) => [w.section, period, s.section, '', s.section, null, null, null, s.units, s.value]),
  ];
  return {
    filename: `${w.file}_${code}_${report.date_from}_${report.date_to}.csv`,
    columns: [...w.columns],
    rows,
    dialect: lang === 'es' ? 'es' : 'plain',
  };
};
