import EditIcon from '@mui/icons-material/Edit';
import { Alert, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FactsCard, Field } from '../../components/facts-card';
import { LinkButton } from '../../components/link-button';
import { TitledPage } from '../../components/page-title';
import { useCurrentLocation } from '../../lib/current-location';
import { formatQuantity } from '../../lib/format';
import { GtinCard } from '../catalog';
import { getGlobalStock } from './api/get-global-stock';
import { useItemType } from './api/get-item-type';
import { stockKeys } from './keys';
import { STOCK_PATHS } from './stock-paths';

/**
 * GTIN detail of the stock pages (/inventory/stocks/:gtin/gtin): back button, the product card,
 * and the GTIN's stock at the current location (by RFID, counted, total).
 */
export const StockGtinPage = () => {
  const { t, i18n } = useTranslation('stock');
  const { gtin = '' } = useParams();
  const location = useCurrentLocation();
  const itemType = useItemType(gtin);
  const filters = { location: location?.id ?? 0, area1: '', gtin: itemType.data?.gtin ?? gtin, omit: false };
  const stock = useQuery({
    queryKey: [...stockKeys.globalStock(filters), 'one'],
    queryFn: ({ signal }) => getGlobalStock(filters, { limit: 1, offset: 0, signal }),
    enabled: Boolean(location) && Boolean(itemType.data),
    select: (page) => page.results.find((row) => row.itemtype.id === itemType.data?.id),
  });
  const quantity = (n: number | undefined) => (n === undefined ? <Skeleton width={40} /> : formatQuantity(n, i18n.language));
  return (
    <TitledPage
      testId="stock-gtin"
      title={t('gtin.title', { gtin })}
      actions={
        itemType.data && (
          <LinkButton to={STOCK_PATHS.minimum(itemType.data.gtin)} icon={<EditIcon />} testId="gtin-minimum">
            {t('gtin.minimum')}
          </LinkButton>
        )
      }
    >
      {itemType.isError && (
        <Alert severity="error" data-testid="gtin-not-found">
          {t('gtin.notFound')}
        </Alert>
      )}
      {itemType.isPending && <Skeleton variant="rounded" height={220} />}
      {itemType.data && (
        <>
          {location && (
            <FactsCard testId="gtin-stock">
              <Field label={t('gtin.stockHere', { location: location.description })} wide>
                <span data-testid="gtin-stock-total">{quantity(stock.data?.count ?? (stock.isSuccess ? 0 : undefined))}</span>
              </Field>
              <Field label={t('gtin.rfid')}>{quantity(stock.data?.rfid_count ?? (stock.isSuccess ? 0 : undefined))}</Field>
              <Field label={t('gtin.counted')}>{quantity(stock.data?.counted_count ?? (stock.isSuccess ? 0 : undefined))}</Field>
            </FactsCard>
          )}
          <GtinCard gtin={itemType.data} />
        </>
      )}
    </TitledPage>
  );
};
