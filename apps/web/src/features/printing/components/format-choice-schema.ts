import { tagCompanyFormatSchema } from '@rfid/contract';
import type { TFunction } from 'i18next';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import type { FormatChoice } from '../../print-wizard';

/**
 * The tag type and format fields of both print order forms (from a CSV, by hand): both required ('required'); the format
 * is checked by its id, the `tag_company_format` the order is created with.
 */
export const formatChoiceFields = {
  tagType: z
    .number()
    .nullable()
    .refine((id) => id !== null, 'required'),
  format: tagCompanyFormatSchema
    .pick({ id: true })
    .nullable()
    .refine((format) => format !== null, 'required'),
};

/** FormatFields' error texts of a form checked with `formatChoiceFields`. */
export const formatChoiceErrors = (errors: FieldErrors<FormatChoice>, t: TFunction<'printing'>) => ({
  ...(errors.tagType ? { tagType: t('fields.selectTagType') } : {}),
  ...(errors.format ? { format: t('fields.selectFormat') } : {}),
});
