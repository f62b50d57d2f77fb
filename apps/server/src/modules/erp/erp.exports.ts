import type { ErpDifference, InventoryDifferenceRow, InventoryDifferences } from '@rfid/contract';
import { YES_NO_WORDS } from '../../lib/export/states.js';
import type { ExportTable } from '../../lib/export/table.js';

/**
 * The ERP differences as files for people (lib/export: the user's language, CSV or xlsx). `dialect=plain` keeps the
 * machine-readable CSV of erp.dto.ts (English column names, `,`, ISO times, no BOM) for a program.
 */
export const ERP_DIFFERENCES_TABLE: ExportTable<ErpDifference> = {
  sheet: { es: 'Diferencias ERP', en: 'ERP differences' },
  columns: [
    { header: { es: 'Tienda', en: 'Store' }, kind: 'text', value: (d) => d.location.code, width: 12 },
    { header: { es: 'Nombre de la tienda', en: 'Store name' }, kind: 'text', value: (d) => d.location.description, width: 24 },
    { header: { es: 'GTIN', en: 'GTIN' }, kind: 'text', value: (d) => d.gtin, width: 16 },
    { header: { es: 'Descripción', en: 'Description' }, kind: 'text', value: (d) => d.description, width: 32 },
    { header: { es: 'Cantidad ERP', en: 'ERP quantity' }, kind: 'number', value: (d) => d.erp_quantity },
    { header: { es: 'Cantidad RFID', en: 'RFID quantity' }, kind: 'number', value: (d) => d.rfid_quantity },
    { header: { es: 'Diferencia', en: 'Difference' }, kind: 'number', value: (d) => d.difference },
    { header: { es: 'Importado del ERP', en: 'Imported from the ERP' }, kind: 'datetime', value: (d) => d.erp_imported_at },
  ],
};

type InventoryRow = InventoryDifferenceRow & { inventory: InventoryDifferences };

export const INVENTORY_DIFFERENCES_TABLE: ExportTable<InventoryRow> = {
  sheet: { es: 'Diferencias de inventario', en: 'Inventory differences' },
  columns: [
    { header: { es: 'Inventario', en: 'Inventory' }, kind: 'number', value: (r) => r.inventory.id },
    { header: { es: 'Tienda', en: 'Store' }, kind: 'text', value: (r) => r.inventory.location.code, width: 12 },
    { header: { es: 'Zona', en: 'Area' }, kind: 'text', value: (r) => r.inventory.area.description, width: 20 },
    { header: { es: 'Validado', en: 'Validated' }, kind: 'datetime', value: (r) => r.inventory.validated_at },
    { header: { es: 'GTIN', en: 'GTIN' }, kind: 'text', value: (r) => r.gtin, width: 16 },
    { header: { es: 'Descripción', en: 'Description' }, kind: 'text', value: (r) => r.description, width: 32 },
    { header: { es: 'Esperadas', en: 'Expected' }, kind: 'number', value: (r) => r.expected },
    { header: { es: 'Contadas', en: 'Counted' }, kind: 'number', value: (r) => r.counted },
    { header: { es: 'Diferencia', en: 'Difference' }, kind: 'number', value: (r) => r.difference },
    { header: { es: 'Aprobada', en: 'Approved' }, kind: 'state', states: YES_NO_WORDS, value: (r) => String(r.approved) },
  ],
};

export const inventoryDifferenceRows = (inventory: InventoryDifferences): InventoryRow[] =>
  inventory.rows.map((row) => ({ ...row, inventory }));
