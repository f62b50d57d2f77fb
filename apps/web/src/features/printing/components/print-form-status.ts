import type { TFunction } from 'i18next';
import { errorStatus, type FormStatus } from '../../../components/form-alert';
import { ApiError } from '../../../lib/api-client';

/** A failed print order creation: the spec's missing-GTIN message in the user's language, else the server's words. */
export const printErrorStatus = (error: unknown, t: TFunction<'printing'>): FormStatus => {
  const status = errorStatus(error, t('messages.failed'));
  if (status && error instanceof ApiError && error.body.code === 'print.missing_gtin') {
    return { ...status, message: t('messages.missingGtin') };
  }
  if (!(error instanceof ApiError) || error.status >= 500) return { kind: 'error', message: t('messages.uploadFailed') };
  return status;
};
