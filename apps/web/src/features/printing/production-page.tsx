import PrintIcon from '@mui/icons-material/Print';
import { Button, Typography } from '@mui/material';
import { type PrintOrderState, RoleThreshold } from '@rfid/contract';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TitledPage } from '../../components/page-title';
import { StatGrid } from '../../components/stat-grid';
import { TableCard } from '../../components/table-card';
import { hasRole, useRole } from '../auth';
import { useBrand } from '../brand';
import { PrintWizardDialog } from '../print-wizard';
import { printOrderCountQueryOptions } from './api/get-print-orders';
import { PrintOrderTable } from './components/print-order-table';

const FIGURES: (PrintOrderState | 'all')[] = ['all', 'PENDING', 'WORKING', 'PARTIAL', 'PRINTED', 'ERROR'];

/**
 * Label production (where picking a brand in the header leads, ?brand=): the brand's print orders by state, the
 * printing going on now, and the 3-step print wizard (tag type, format, then a new order or a waiting one printed).
 */
/** Roles that pick brands in the header (and may list them). */
const BRAND_PICKER_MAX_ROLE = 2;

export const ProductionPage = () => {
  const { t } = useTranslation('printing');
  const role = useRole();
  const [params] = useSearchParams();
  const brandParam = Number(params.get('brand'));
  const brand = Number.isInteger(brandParam) && brandParam > 0 ? brandParam : undefined;
  const [isWizardOpen, setWizardOpen] = useState(false);
  // The brand by its name; its number until it loads.
  const brandName = useBrand(brand ?? 0, role !== undefined && role <= BRAND_PICKER_MAX_ROLE).data?.description;
  // One figure per state: how many print orders (of the brand) are in it.
  const queries = useQueries({
    queries: FIGURES.map((state) =>
      printOrderCountQueryOptions({ ...(brand ? { brand } : {}), ...(state === 'all' ? {} : { state }) }),
    ),
  });
  const figures = FIGURES.map((state, index) => ({ state, query: queries[index] }));
  return (
    <TitledPage
      testId="production-page"
      title={t('production.title')}
      subtitle={brand ? (brandName ?? t('production.brand', { id: brand })) : t('production.allBrands')}
      actions={
        hasRole(role, RoleThreshold.printOrderAdd) && (
          <Button
            variant="contained"
            startIcon={<PrintIcon />}
            onClick={() => setWizardOpen(true)}
            data-testid="production-print"
          >
            {t('production.print')}
          </Button>
        )
      }
    >
      <StatGrid
        testId="production-stats"
        isLoading={figures.some((f) => f.query?.isPending)}
        items={figures.map(({ state, query }) => ({
          id: state,
          title: state === 'all' ? t('production.orders') : t(`states.${state}`),
          value: query?.data ?? '—',
          ...(state === 'ERROR' ? { color: 'error.main' } : {}),
        }))}
      />
      <Typography variant="h6" component="h2">
        {t('production.orders')}
      </Typography>
      <TableCard>
        <PrintOrderTable filters={brand ? { brand } : {}} testId="production-orders" />
      </TableCard>
      <PrintWizardDialog open={isWizardOpen} onClose={() => setWizardOpen(false)} />
    </TitledPage>
  );
};
