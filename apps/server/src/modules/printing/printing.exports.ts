import type { ExportTable } from '../../lib/export/table.js';
import type { PrintLogRow } from './use-cases/read-print-log.js';

/** GET /printer/print_log/: the labels printed in a range, as a file for people (lib/export). */
export const PRINT_LOG_TABLE: ExportTable<PrintLogRow> = {
  sheet: { es: 'Registro de impresión', en: 'Print log' },
  columns: [
    { header: { es: 'Impresa', en: 'Printed at' }, kind: 'datetime', value: (r) => r.printed_at, width: 18 },
    { header: { es: 'Orden de impresión', en: 'Print order' }, kind: 'number', value: (r) => r.print_order },
    { header: { es: 'Nombre', en: 'Name' }, kind: 'text', value: (r) => r.name, width: 24 },
    { header: { es: 'Etiqueta', en: 'Label' }, kind: 'number', value: (r) => r.label_number },
    { header: { es: 'GTIN', en: 'GTIN' }, kind: 'text', value: (r) => r.gtin, width: 16 },
    { header: { es: 'Número de serie', en: 'Serial number' }, kind: 'text', value: (r) => r.serial_number, width: 16 },
    { header: { es: 'EPC', en: 'EPC' }, kind: 'text', value: (r) => r.epc, width: 28 },
    { header: { es: 'Impresora', en: 'Printer' }, kind: 'text', value: (r) => r.printer, width: 20 },
    { header: { es: 'MAC de la impresora', en: 'Printer MAC' }, kind: 'text', value: (r) => r.printer_mac, width: 18 },
  ],
};
