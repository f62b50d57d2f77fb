import type { ProviderReturn } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { linkCell } from '../../../components/link-cell';
import type { Column } from '../../../components/paged-table';
import { getProviderReturns, PROVIDER_RETURNS_PAGE_SIZE } from '../api/provider-returns-list';
import { inboundKeys } from '../keys';
import { ReturnOrderLink, ReturnProviderLink } from './return-links';
import { ReturnsListPage } from './returns-list-page';

/** Provider returns of the current location (11 per page), linking to the detail, the order and the provider. */
export const ProviderReturnsPage = () => {
  const { t } = useTranslation('inbound-verification');
  const columns: Column<ProviderReturn>[] = [
    { id: 'id', header: t('returns.columns.id'), cell: (row) => row.id },
    {
      id: 'code',
      header: t('returns.columns.code'),
      cell: linkCell((row) => ({ to: `/inbound/returns/${row.id}/detail`, text: row.code }), 'return-link'),
      mobile: 'title',
    },
    {
      id: 'order',
      header: t('returns.columns.order'),
      cell: (row) => <ReturnOrderLink order={row.order} />,
    },
    {
      id: 'provider',
      header: t('returns.columns.provider'),
      cell: (row) => <ReturnProviderLink provider={row.provider} />,
    },
  ];
  return (
    <ReturnsListPage<ProviderReturn>
      kind="provider"
      columns={columns}
      queryKey={inboundKeys.providerReturns}
      fetchReturns={getProviderReturns}
      pageSize={PROVIDER_RETURNS_PAGE_SIZE}
      testId="provider-returns"
    />
  );
};
