import { Link, Skeleton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FactsCard, Field } from '../../components/facts-card';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { TitledPage } from '../../components/page-title';
import { PercentBar } from '../../components/percent-bar';
import { StatusChip } from '../../components/status-chip';
import { formatQuantity } from '../../lib/format';
import { GtinCard } from '../catalog';
import type { AnyOrder } from '../orders';
import { ORDER_PATHS, type OrderKind, orderStatusMap, toOrderHeaderData } from '../orders';
import { useOrderGtin } from './api/get-order-gtin';
import { hasOnlineReading } from './kinds';

/**
 * A GTIN in an order (spec section 2) of any kind: the status of the order's side, the order, the
 * GTIN, where it comes from (the provider link of a purchase, the origin of an online order, the
 * route of a movement), expected against real with the completion bar (online: and the online
 * reading), and the attribute card (placeholder image when there is none, empty fields hidden).
 * Reloads every 20 s.
 */
export const OrderGtinPage = ({ kind, orderId, itemType }: { kind: OrderKind; orderId: string; itemType: string }) => {
  const { t, i18n } = useTranslation(['order-pages', 'orders']);
  const query = useOrderGtin(kind, orderId, itemType);
  if (query.isError) return <LoadErrorAlert error={query.error} testId="gtin-error" />;
  const data = query.data;
  const paths = ORDER_PATHS[kind];
  const value = (content: ReactNode) => (data ? content : <Skeleton />);
  const quantity = (count: number | undefined) => formatQuantity(count, i18n.language);
  const status = data ? toOrderHeaderData(data.order, { exit: t('orders:header.exit') }).status : undefined;
  return (
    <TitledPage
      testId="order-gtin-page"
      backTo={paths.detail(orderId)}
      title={t('gtin.title', { gtin: data?.item_type.gtin ?? '' })}
    >
      <FactsCard>
        <Field label={t('gtin.orderStatus')}>
          {value(
            <span data-testid="order-status">
              <StatusChip status={status} map={orderStatusMap(t)} />
            </span>,
          )}
        </Field>
        <Field label={t('gtin.order')}>
          {value(
            <Link component={RouterLink} to={paths.detail(orderId)} data-testid="gtin-order">
              {data?.order.order.order_code}
            </Link>,
          )}
        </Field>
        <Field label={t('gtin.gtin')}>{value(<span data-testid="gtin-value">{data?.item_type.gtin}</span>)}</Field>
        {data ? <Origin order={data.order} /> : <Field label={<Skeleton width={80} />}>{<Skeleton />}</Field>}
        <Field label={t('gtin.expected')}>
          {value(<span data-testid="gtin-expected">{quantity(data?.line.theorical_quantity)}</span>)}
        </Field>
        <Field label={t('gtin.real')}>{value(<span data-testid="gtin-real">{quantity(data?.line.real_quantity)}</span>)}</Field>
        <Field label={t('gtin.completion')} wide={!hasOnlineReading(kind)}>
          {value(
            <span data-testid="gtin-percent">
              <PercentBar value={data?.line.percent} minWidth={0} />
            </span>,
          )}
        </Field>
        {hasOnlineReading(kind) && (
          <Field label={t('gtin.online')}>
            {value(
              <span data-testid="gtin-online">
                <PercentBar value={data?.line.online_percent} minWidth={0} />
              </span>,
            )}
          </Field>
        )}
      </FactsCard>
      {data ? <GtinCard gtin={data.item_type} /> : <Skeleton variant="rounded" height={220} />}
    </TitledPage>
  );
};

/** Where the order's goods come from: the provider (purchase), the shipping location (online) or the route (movement). */
const Origin = ({ order: any }: { order: AnyOrder }) => {
  const { t } = useTranslation('order-pages');
  switch (any.kind) {
    case 'purchase':
      return (
        <Field label={t('gtin.provider')}>
          {any.order.origin !== null ? (
            <Link component={RouterLink} to={`/inbound/provider/${any.order.origin}/detail`} data-testid="gtin-provider">
              {any.order.provider_name}
            </Link>
          ) : null}
        </Field>
      );
    case 'online':
      return (
        <Field label={t('gtin.origin')}>
          <span data-testid="gtin-origin">{any.order.origin_description ?? ''}</span>
        </Field>
      );
    case 'exit':
    case 'entry':
      return (
        <Field label={t('gtin.route')}>
          <span data-testid="gtin-route">
            {any.order.origin_description ?? ''} → {any.order.destination_description ?? ''}
          </span>
        </Field>
      );
  }
};
