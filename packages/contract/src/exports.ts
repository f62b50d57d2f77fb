import { z } from 'zod';

/**
 * The files the server exports for people (issue 28, docs/exports.md): a CSV or the same table as an Excel workbook,
 * in the user's language (Spanish: `;`, decimal comma; English: `,`, decimal point; both with a UTF-8 BOM).
 */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_LANGUAGES = ['es', 'en'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/**
 * The query every export reads: `format` (csv by default) and `lang` (the file's language; without it the request's
 * Accept-Language, else the server's default language).
 */
export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: 'Choose csv or xlsx.' }).optional(),
  lang: z.enum(EXPORT_LANGUAGES, { error: 'Select the language: es or en.' }).optional(),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;
