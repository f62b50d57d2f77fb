import { Box, Link, Skeleton, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { FactsCard, Field } from '../../../components/facts-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PageTitle } from '../../../components/page-title';
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
  const value = (content: ReactNode) => (data ? content : <Skeleton />);
  const quantity = (n: number | undefined) => formatQuantity(n, i18n.language);
  return (
    <Stack spacing={2} data-testid="inventory-gtin">
      <PageTitle backTo={INVENTORY_PATHS.detail(id)} title={t('gtin.title', { gtin: data?.item_type.gtin ?? '' })} />
      {query.isError ? (
        <LoadErrorAlert error={query.error} testId="inventory-gtin-error" />
      ) : (
        <>
          <FactsCard testId="inventory-gtin-facts">
            <Field label={t('gtin.inventory')}>
              {value(
                <Link component={RouterLink} to={INVENTORY_PATHS.detail(id)} data-testid="gtin-inventory">
                  {t('detail.title', { id })}
                </Link>,
              )}
            </Field>
            <Field label={t('facts.status')}>{value(data ? <InventoryStateChip state={data.inventory.state} /> : null)}</Field>
            <Field label={t('facts.area')}>{value(data?.inventory.location_area_description)}</Field>
            <Field label={t('articles.gtin')}>{value(<span data-testid="gtin-value">{data?.item_type.gtin}</span>)}</Field>
            <Field label={t('articles.expected')}>
              {value(<span data-testid="gtin-expected">{quantity(data?.line.theorical_quantity)}</span>)}
            </Field>
            <Field label={t('articles.read')}>
              {value(<span data-testid="gtin-read">{quantity(data?.line.quantity)}</span>)}
            </Field>
            <Field label={t('articles.missing')}>
              {value(
                <Box
                  component="span"
                  sx={{ color: (data?.line.missing ?? 0) > 0 ? 'error.main' : undefined }}
                  data-testid="gtin-missing"
                >
                  {quantity(data?.line.missing)}
                </Box>,
              )}
            </Field>
            <Field label={t('articles.excess')}>
              {value(
                <Box
                  component="span"
                  sx={{ color: (data?.line.excess ?? 0) > 0 ? 'warning.main' : undefined }}
                  data-testid="gtin-excess"
                >
                  {quantity(data?.line.excess)}
                </Box>,
              )}
            </Field>
          </FactsCard>
          {data ? <GtinCard gtin={data.item_type} /> : <Skeleton variant="rounded" height={220} />}
        </>
      )}
    </Stack>
  );
};
