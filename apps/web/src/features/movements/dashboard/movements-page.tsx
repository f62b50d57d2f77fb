import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyCreate } from '../../../components/empty-create';
import { FilterBar } from '../../../components/filter-bar';
import { LinkButton } from '../../../components/link-button';
import { NoLocation } from '../../../components/no-location';
import { PagedTable } from '../../../components/paged-table';
import { useCurrentLocation } from '../../../lib/current-location';
import { canCreateOrders, useRole } from '../../auth';
import { ORDER_PATHS, OrderDashboardLayout } from '../../orders';
import { type AwareFilters, awareMovementsPages } from './api/aware-list';
import { awareColumns } from './movements-page-columns';

/**
 * Every movement from or to the current location (GET /locations/{id}/morderscaware/), 11 per
 * page; each row links to its exit side (leaving here) or its entry side (arriving here).
 */
export const MovementsPage = () => {
  const { t, i18n } = useTranslation(['movements', 'orders']);
  const location = useCurrentLocation();
  const role = useRole();
  const [filters, setFilters] = useState<AwareFilters>({ id__icontains: '', order_code__icontains: '' });

  if (!location) return <NoLocation testId="movements-no-location">{t('noLocation')}</NoLocation>;

  const columns = awareColumns(t, i18n.language, location.id);

  return (
    <OrderDashboardLayout
      title={t('all.title')}
      subtitle={location.description}
      createTo={ORDER_PATHS.exit.create}
      createLabel={t('newOrder')}
      canCreate={canCreateOrders(role)}
      actions={
        <>
          <LinkButton to={ORDER_PATHS.exit.dashboard} icon={<CallMadeIcon />} testId="exit-link">
            {t('exit.title')}
          </LinkButton>
          <LinkButton to={ORDER_PATHS.entry.dashboard} icon={<CallReceivedIcon />} testId="entry-link">
            {t('entry.title')}
          </LinkButton>
        </>
      }
      testId="movements-page"
      filters={
        <FilterBar<AwareFilters>
          fields={[
            { name: 'id__icontains', label: t('filters.id') },
            { name: 'order_code__icontains', label: t('filters.orderCode') },
          ]}
          value={filters}
          onChange={setFilters}
          testId="movements-filters"
        />
      }
    >
      <PagedTable
        {...awareMovementsPages(location.id, filters)}
        columns={columns}
        {...emptyCreate({
          canCreate: canCreateOrders(role),
          to: ORDER_PATHS.exit.create,
          label: t('newOrder'),
          createText: t('emptyCreate'),
          emptyText: t('empty'),
        })}
        testId="movements-orders"
      />
    </OrderDashboardLayout>
  );
};
