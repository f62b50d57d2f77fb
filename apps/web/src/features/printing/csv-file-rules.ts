import { z } from 'zod';

/** The spec's file rules as a form schema's field: 'required' (no file, 'Select a file'), 'onlyCsv' (not a .csv); see `csvFileMessage`. */
export const csvFileSchema = z
  .instanceof(File, { error: 'required' })
  .nullable()
  .refine((file) => file !== null, { error: 'required', abort: true })
  .refine((file) => file !== null && /\.csv$/i.test(file.name), 'onlyCsv');

/** The text of a `csvFileSchema` error (its message), or undefined without one. */
export const csvFileMessage = (message: string | undefined, t: (key: string) => string): string | undefined =>
  message === undefined ? undefined : t(message === 'onlyCsv' ? 'csv.onlyCsv' : 'csv.required');
