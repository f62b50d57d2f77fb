import type { AvailabilityRow } from '@rfid/contract';
import type { ExportTable } from '../../lib/export/table.js';

/** GET /locations/{id}/availability.csv: the availability list as a file for people (lib/export). */
export const AVAILABILITY_TABLE: ExportTable<AvailabilityRow> = {
  sheet: { es: 'Disponibilidad', en: 'Availability' },
  columns: [
    { header: { es: 'GTIN', en: 'GTIN' }, kind: 'text', value: (r) => r.gtin, width: 16 },
    { header: { es: 'Descripción', en: 'Description' }, kind: 'text', value: (r) => r.description, width: 32 },
    { header: { es: 'Modelo', en: 'Model' }, kind: 'text', value: (r) => r.model },
    { header: { es: 'Talla', en: 'Size' }, kind: 'text', value: (r) => r.size },
    { header: { es: 'Color', en: 'Colour' }, kind: 'text', value: (r) => r.colour },
    { header: { es: 'Sección', en: 'Section' }, kind: 'text', value: (r) => r.section },
    { header: { es: 'En stock', en: 'In stock' }, kind: 'number', value: (r) => r.in_stock },
    { header: { es: 'En sala', en: 'On the floor' }, kind: 'number', value: (r) => r.on_floor },
    { header: { es: 'En almacén', en: 'In the stockroom' }, kind: 'number', value: (r) => r.in_stockroom },
    { header: { es: 'Vendibles', en: 'Sellable' }, kind: 'number', value: (r) => r.sellable },
    { header: { es: 'Reservadas', en: 'Reserved' }, kind: 'number', value: (r) => r.reserved },
    {
      header: { es: 'Disponibles para prometer', en: 'Available to promise' },
      kind: 'number',
      value: (r) => r.available_to_promise,
    },
  ],
};
