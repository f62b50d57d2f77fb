import { LocationKind } from '@rfid/contract';
import type { ExportTable, Words } from '../../lib/export/table.js';

type ActiveLocation = {
  id: number;
  code: string;
  description: string;
  kind: string;
  brand: string | null;
  streetName: string | null;
  streetNum: number | null;
  city: string | null;
  postalCode: number | null;
  country: string | null;
  email: string | null;
  phone: string | null;
  createdAt: Date | string;
};

const KIND_WORDS: Record<string, Words> = {
  [LocationKind.Center]: { es: 'Centro de distribución', en: 'Distribution center' },
  [LocationKind.Store]: { es: 'Tienda', en: 'Store' },
};

/** GET /active_locations_all/: the billing file of the active locations, for people (lib/export). */
export const ACTIVE_LOCATIONS_TABLE: ExportTable<ActiveLocation> = {
  sheet: { es: 'Ubicaciones activas', en: 'Active locations' },
  columns: [
    { header: { es: 'Id', en: 'Id' }, kind: 'number', value: (r) => r.id },
    { header: { es: 'Código', en: 'Code' }, kind: 'text', value: (r) => r.code },
    { header: { es: 'Descripción', en: 'Description' }, kind: 'text', value: (r) => r.description, width: 28 },
    { header: { es: 'Tipo', en: 'Kind' }, kind: 'state', states: KIND_WORDS, value: (r) => r.kind, width: 22 },
    { header: { es: 'Marca', en: 'Brand' }, kind: 'text', value: (r) => r.brand },
    { header: { es: 'Calle', en: 'Street' }, kind: 'text', value: (r) => r.streetName, width: 24 },
    { header: { es: 'Número', en: 'Number' }, kind: 'text', value: (r) => r.streetNum },
    { header: { es: 'Ciudad', en: 'City' }, kind: 'text', value: (r) => r.city },
    { header: { es: 'Código postal', en: 'Postal code' }, kind: 'text', value: (r) => r.postalCode },
    { header: { es: 'País', en: 'Country' }, kind: 'text', value: (r) => r.country },
    { header: { es: 'Correo electrónico', en: 'Email' }, kind: 'text', value: (r) => r.email, width: 24 },
    { header: { es: 'Teléfono', en: 'Phone' }, kind: 'text', value: (r) => r.phone },
    { header: { es: 'Alta', en: 'Created at' }, kind: 'datetime', value: (r) => r.createdAt, width: 18 },
  ],
};
