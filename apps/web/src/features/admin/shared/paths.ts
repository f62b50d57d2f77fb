/** The printer screens live under /{product}-printer (spec route table). */
export const PRINTER_BASE = '/bionix-printer';
export const ADMIN_BASE = '/administrador';
