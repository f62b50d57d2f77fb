import type { ExportTable } from '../../lib/export/table.js';
import type { BoxSeenRecord } from './stock-boxes.repository.js';

type BoxSeenRow = BoxSeenRecord & { area: { description: string; locationDescription: string } };

/** GET /boxareaseens/{id}/csv/: the boxes read in an area, as a file for people (lib/export). */
export const BOX_TRACKING_TABLE: ExportTable<BoxSeenRow> = {
  sheet: { es: 'Seguimiento de cajas', en: 'Box tracking' },
  columns: [
    { header: { es: 'Zona', en: 'Area' }, kind: 'text', value: (r) => r.area.description, width: 20 },
    { header: { es: 'Ubicación', en: 'Location' }, kind: 'text', value: (r) => r.area.locationDescription, width: 24 },
    { header: { es: 'Código de barras', en: 'Barcode' }, kind: 'text', value: (r) => r.codebar, width: 20 },
    { header: { es: 'Palé', en: 'Pallet' }, kind: 'text', value: (r) => r.pallet, width: 16 },
    { header: { es: 'Ciclos', en: 'Cycles' }, kind: 'number', value: (r) => r.cycles },
    { header: { es: 'Detecciones', en: 'Detections' }, kind: 'number', value: (r) => r.detections },
    { header: { es: 'Última lectura', en: 'Last read' }, kind: 'datetime', value: (r) => r.date, width: 18 },
  ],
};
