import { PRODUCT } from '../../lib/product';

/** The printer screens live under /{product}-printer (spec route table). Link to them only through here. */
export const PRINTER_BASE = `/${PRODUCT}-printer`;

export const PRINT_PATHS = {
  orders: `${PRINTER_BASE}/orders`,
  addCsv: `${PRINTER_BASE}/orders/add`,
  addManual: `${PRINTER_BASE}/orders/add-manual`,
  impressions: `${PRINTER_BASE}/impresions`,
  production: `${PRINTER_BASE}/production`,
  printers: `${PRINTER_BASE}/all`,
  contents: (id: number | string) => `${PRINTER_BASE}/print/${id}/contents`,
  detail: (id: number | string) => `${PRINTER_BASE}/print/${id}/detail`,
  upload: (id: number | string) => `${PRINTER_BASE}/${id}/upload`,
} as const;
