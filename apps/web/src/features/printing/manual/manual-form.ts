import { zodResolver } from '@hookform/resolvers/zod';
import { printItemSchema, printOrderCreateBodySchema, SCAN_GTIN_LENGTH } from '@rfid/contract';
import { gtinFromScan } from '@rfid/epc';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { FormatChoice } from '../../print-wizard';
import { formatChoiceFields } from '../components/format-choice-schema';

/**
 * The form, checked with the contract's print order body: the tag type and format chosen, the name, and the rows (a GTIN
 * typed, its quantity as the contract's print item reads it). A GTIN the catalog lacks is the server's to flag.
 */
const manualFormSchema = z.object({
  ...formatChoiceFields,
  name: printOrderCreateBodySchema.shape.name,
  rows: z.array(
    z.object({
      gtin: z.string().trim().min(1, 'required'),
      quantity: printItemSchema.shape.quantity,
      description: z.string(),
    }),
  ),
});
export type Row = { gtin: string; quantity: string; description: string };
export type ManualForm = FormatChoice & { name: string; rows: Row[] };
// The contract's quantity reads any input (`unknown`); the field gives it as text.
export const manualResolver = zodResolver(manualFormSchema, undefined, { raw: true }) as unknown as Resolver<ManualForm>;

export const emptyRow = (gtin = '', quantity = '1'): Row => ({ gtin, quantity, description: '' });

/** The GTIN of a GS1-128 or Digital Link scan (the 14 digits after AI 01); throws on anything else. */
export const scannedGtin = (value: string): string => {
  const gtin = gtinFromScan(value);
  if (gtin.length !== SCAN_GTIN_LENGTH) throw new Error('length');
  return gtin;
};

/** The rows an answer's field errors name (items.<n>.gtin or items.<n>.quantity): the GTINs the server did not find. */
export const missingRows = (errors: Record<string, unknown> | undefined): number[] =>
  Object.keys(errors ?? {}).flatMap((field) => {
    const match = /^items\.(\d+)\.(gtin|quantity)$/.exec(field);
    return match ? [Number(match[1])] : [];
  });
