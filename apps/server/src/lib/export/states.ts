import { BoxStatus } from '@rfid/contract';
import type { Words } from './table.js';

/** The words of the states the exports write (the web's words for them: locales/<lng>/orders.json). */
export const BOX_STATUS_WORDS: Record<string, Words> = {
  [BoxStatus.Unchecked]: { es: 'Sin verificar', en: 'Unchecked' },
  [BoxStatus.CheckedWithErrors]: { es: 'Verificada con errores', en: 'Checked with errors' },
  [BoxStatus.CheckedWithoutErrors]: { es: 'Verificada sin errores', en: 'Checked without errors' },
  [BoxStatus.Checking]: { es: 'Verificando', en: 'Checking' },
  [BoxStatus.Canceled]: { es: 'Cancelada', en: 'Canceled' },
};

/** The side of an order a box was checked at. */
export const SIDE_WORDS: Record<string, Words> = {
  origin: { es: 'Origen', en: 'Origin' },
  destination: { es: 'Destino', en: 'Destination' },
};

/** An item of an inventory: read and expected, expected and not read, read and not expected. */
export const INVENTORY_ITEM_WORDS: Record<string, Words> = {
  matched: { es: 'Coincidente', en: 'Matched' },
  missing: { es: 'Faltante', en: 'Missing' },
  excess: { es: 'Sobrante', en: 'Excess' },
};

export const YES_NO_WORDS: Record<string, Words> = {
  true: { es: 'Sí', en: 'Yes' },
  false: { es: 'No', en: 'No' },
};
