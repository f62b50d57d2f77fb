import type { ShrinkReport } from '@rfid/contract';
import { describe, expect, it } from 'vitest';
import { exportFileName } from '../../../lib/export/reply.js';
import { exportCsvText } from '../../../lib/export/table.js';
import { SHRINK_TABLE, shrinkCsv } from './shrink-csv.js';

const report: ShrinkReport = {
  location_id: 3,
  time_zone: 'Europe/Madrid',
  date_from: '2026-11-01',
  date_to: '2026-11-02',
  inventories: 1,
  accuracy: 92.5,
  shrink: { units: 3, value: 45.5, inventory: { units: 2, value: 30 }, exit: { units: 1, value: 15.5 } },
  trend: [
    {
      inventory_id: 7,
      day: '2026-11-01',
      validated_at: '2026-11-01T10:00:00.000Z',
      area_description: 'Almacén tienda',
      expected: 40,
      read: 38,
      matched: 37,
      accuracy: 92.5,
    },
  ],
  days: [
    { day: '2026-11-01', inventory_units: 2, exit_units: 0, units: 2, value: 30 },
    { day: '2026-11-02', inventory_units: 0, exit_units: 1, units: 1, value: 15.5 },
  ],
  top_gtins: [{ gtin: '08437012000011', description: 'Camiseta', section: 'Hombre', units: 2, value: 30 }],
  top_sections: [{ section: 'Hombre', units: 3, value: 45.5 }],
};

describe('shrink CSV', () => {
  it('writes a Spanish file for a Spanish spreadsheet: Spanish columns, `;`, decimal comma, days as a Spanish date', () => {
    const csv = shrinkCsv(report, { code: 'T-MAD-01' });
    expect(exportFileName(csv.name, { format: 'csv', language: 'es' })).toBe('mermas_T-MAD-01_2026-11-01_2026-11-02.csv');
    const text = exportCsvText(SHRINK_TABLE, csv.rows, { language: 'es', timeZone: 'Europe/Madrid' });
    const lines = text.split('\n');
    expect(lines[0]).toBe('\uFEFFTipo;Desde;Hasta;Clave;Descripción;Sección;Esperados;Coincidentes;Exactitud %;Unidades;Valor');
    expect(lines[1]).toBe('"total";"01/11/2026";"02/11/2026";"";"";"";;;92,5;3;45,5');
    expect(lines).toContain('"inventario";"01/11/2026";"01/11/2026";"7";"Almacén tienda";"";40;37;92,5;;');
    expect(lines).toContain('"gtin";"01/11/2026";"02/11/2026";"08437012000011";"Camiseta";"Hombre";;;;2;30');
    // total, two sources, two days, one inventory, one GTIN, one section, and the last line's end.
    expect(lines).toHaveLength(1 + 3 + 2 + 1 + 1 + 1 + 1);
  });

  it('writes an English file with `,` and a decimal point', () => {
    const csv = shrinkCsv(report, { code: 'T-MAD-01' });
    const text = exportCsvText(SHRINK_TABLE, csv.rows, { language: 'en', timeZone: 'Europe/Madrid' });
    expect(exportFileName(csv.name, { format: 'csv', language: 'en' })).toBe('shrink_T-MAD-01_2026-11-01_2026-11-02.csv');
    expect(
      text.startsWith(
        '\uFEFFKind,From,To,Key,Description,Section,Expected,Matched,Accuracy %,Units,Value\n"total","2026-11-01","2026-11-02"',
      ),
    ).toBe(true);
    expect(text).toContain(',92.5,3,45.5\n');
  });
});
