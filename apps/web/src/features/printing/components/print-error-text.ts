import type { PrintError, PrinterFault } from '@rfid/contract';
import type { TFunction } from 'i18next';

/**
 * Why a print job stopped, in the user's language: the server stores a code with its values (`error_detail`) and
 * answers English text too (`error`); older orders have only the text, shown as it is.
 */
export const printErrorText = (
  order: { error: string | null; error_detail?: PrintError | null | undefined },
  t: TFunction<'printing'>,
): string | null => {
  const detail = order.error_detail;
  if (!detail) return order.error;
  const faultWords = (faults: readonly PrinterFault[] | undefined) =>
    faults?.length ? faults.map((fault) => t(`faults.${fault}`)).join(', ') : t('faults.unknown');
  return t(`jobErrors.${detail.code}`, {
    faults: faultWords(detail.faults),
    where: detail.where ?? '',
    seconds: detail.seconds ?? 0,
    detail: detail.detail ?? '',
  });
};
