import type { Page } from '@rfid/contract';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../lib/notifier';

/**
 * Empty stock results show the red 'No results found' snackbar (spec section 8), once per search:
 * the table's 20 s refresh of the same empty answer does not show it again.
 *
 * ```tsx
 * const noticeEmpty = useEmptyNotice();
 * fetchPage={(page) => getAreaSummary(id, filters, page).then((answer) => noticeEmpty(key, answer))}
 * ```
 */
export const useEmptyNotice = () => {
  const { t } = useTranslation('stock');
  const notify = useNotify();
  const noticed = useRef<string | null>(null);
  return useCallback(
    <T>(key: string, page: Page<T>): Page<T> => {
      if (page.count > 0) {
        if (noticed.current === key) noticed.current = null;
      } else if (noticed.current !== key) {
        noticed.current = key;
        notify(t('noResults'), 'error');
      }
      return page;
    },
    [notify, t],
  );
};
