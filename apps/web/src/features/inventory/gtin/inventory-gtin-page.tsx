import { Link, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { FactsList } from '../../../components/facts-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { TitledPage } from '../../../components/page-title';
import { formatQuantity } from '../../../lib/format';
import { GtinCard } from '../../catalog';
import { useInventoryGtin } from '../api/inventory-gtin';
import { InventoryStateChip } from '../components/inventory-state';
import { INVENTORY_PATHS } from '../paths';

/**
 * A GTIN in an inventory (spec section 2, "GTIN detail"): the back button, the inventory and what
 * it expected, read, missed and found in excess of this GTIN, and the product card (placeholder
 * image when there is none, empty fields hidden).
 */
export const InventoryGtinPage = () => {
  const { t, i18n } = useTranslation('inventory');
  const { id = '', itemType = '' } = useParams();
  const query = useInventoryGtin(id, itemType);
  const data = query.data;
  const quantity = (n: number | undefined) => formatQuantity(n, i18n.language);
  return (
    <TitledPage
      testId="inventory-gtin"
      backTo={INVENTORY_PATHS.detail(id)}
      title={t('gtin.title', { gtin: data?.item_type.gtin ?? '' })}
    >
      {query.isError ? (
        <LoadErrorAlert error={query.error} testId="inventory-gtin-error" />
      ) : (
        <>
          <FactsList
            testId="inventory-gtin-facts"
            record={data}
            facts={[
              {
                label: t('gtin.inventory'),
                value: () => (
                  <Link component={RouterLink} to={INVENTORY_PATHS.detail(id)} data-testid="gtin-inventory">
                    {t('detail.title', { id })}
                  </Link>
                ),
              },
              { label: t('facts.status'), value: (row) => <InventoryStateChip state={row.inventory.state} /> },
              { label: t('facts.area'), value: (row) => row.inventory.location_area_description },
              { label: t('articles.gtin'), value: (row) => row.item_type.gtin, testId: 'gtin-value' },
              { label: t('articles.expected'), value: (row) => quantity(row.line.theorical_quantity), testId: 'gtin-expected' },
              { label: t('articles.read'), value: (row) => quantity(row.line.quantity), testId: 'gtin-read' },
              {
                label: t('articles.missing'),
                value: (row) => quantity(row.line.missing),
                testId: 'gtin-missing',
                color: (row) => (row.line.missing > 0 ? 'error.main' : undefined),
              },
              {
                label: t('articles.excess'),
                value: (row) => quantity(row.line.excess),
                testId: 'gtin-excess',
                color: (row) => (row.line.excess > 0 ? 'warning.main' : undefined),
              },
            ]}
          />
          {data ? <GtinCard gtin={data.item_type} /> : <Skeleton variant="rounded" height={220} />}
        </>
      )}
    </TitledPage>
  );
};
