import DownloadIcon from '@mui/icons-material/Download';
import { Button } from '@mui/material';
import { canDo, RoleThreshold } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledListPage } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { notify } from '../../lib/notifier';
import { useDebounced } from '../../lib/use-debounced';
import { useRole } from '../auth';
import { exportErpDifferences } from './api/export-erp-differences';
import { type ErpDifferenceFilters, erpDifferencesPages } from './api/get-erp-differences';
import { useErpColumns } from './columns';
import { ErpFilters, type ErpFilterValues, ORDERS } from './erp-filters';
import { ErpUpload } from './erp-upload';

/**
 * Stock ERP vs RFID (/erp/stock, issue 27): the ERP's stock per store and GTIN beside the RFID stock, and the
 * difference (RFID − ERP), filtered by location, GTIN and "only differences", sorted, exported as CSV for a Spanish
 * spreadsheet. Roles 1–3 import a snapshot (a CSV: store;gtin;quantity): its refused rows are listed with their reason.
 */
export const ErpStockPage = () => {
  const { t } = useTranslation(['erp', 'common']);
  const role = useRole();
  const canImport = role !== undefined && canDo(role, RoleThreshold.importInventory);
  const [typed, setTyped] = useState<ErpFilterValues>({ location: '', gtin: '', onlyDifferences: true, orderBy: ORDERS[0] });
  const debouncedGtin = useDebounced(typed.gtin.replace(/\D/g, ''), 300);
  const { location, onlyDifferences, orderBy } = typed;
  const filters: ErpDifferenceFilters = { location, gtin: debouncedGtin, onlyDifferences, orderBy };
  const [isExporting, setIsExporting] = useState(false);
  const columns = useErpColumns();

  const download = () => {
    setIsExporting(true);
    exportErpDifferences(filters)
      .catch(() => notify(t('export.failed'), 'error'))
      .finally(() => setIsExporting(false));
  };

  return (
    <TitledListPage
      ns="erp"
      testId="erp-stock-page"
      actions={
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={download}
          disabled={isExporting}
          data-testid="erp-export"
        >
          {t('export.button')}
        </Button>
      }
    >
      {canImport && <ErpUpload />}
      <ErpFilters value={typed} set={(patch) => setTyped((current) => ({ ...current, ...patch }))} />
      <PagedTable {...erpDifferencesPages(filters)} columns={columns} emptyText={t('empty')} testId="erp-differences" />
    </TitledListPage>
  );
};
