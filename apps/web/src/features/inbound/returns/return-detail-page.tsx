import type { Page, ReturnLine, SaleReturn } from '@rfid/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Fact } from '../../../components/facts-card';
import { TitledPage } from '../../../components/page-title';
import type { PageParams } from '../../../components/paged-table';
import { ReturnHeader } from './return-header';
import { ReturnLinesTable } from './return-lines-table';

/**
 * The detail page of a provider or sale return (the id of the URL): its title with the way back to its list, the
 * return's facts (with the `extra` ones of its kind), then its lines per GTIN unless the return failed to load.
 */
export const ReturnDetailPage = <R extends SaleReturn>({
  useReturn,
  titleKey,
  backTo,
  extra,
  linesKey,
  fetchLines,
}: {
  useReturn: (id: string) => { data: R | undefined; error: Error | null; isError: boolean };
  titleKey: 'returns.providerDetail' | 'returns.saleDetail';
  backTo: string;
  /** The facts of the return's kind after the common ones; `row` is undefined until the return is loaded. */
  extra: (t: TFunction<'inbound-verification'>, row: R | undefined) => (Fact<R> | false)[];
  linesKey: (id: string) => readonly unknown[];
  fetchLines: (id: string, page: PageParams) => Promise<Page<ReturnLine>>;
}) => {
  const { t } = useTranslation('inbound-verification');
  const { id = '' } = useParams();
  const query = useReturn(id);
  const row = query.data;
  return (
    <TitledPage title={t(titleKey, { code: row?.code ?? '' })} backTo={backTo}>
      <ReturnHeader<R> data={row} error={query.error} extra={extra(t, row)} />
      {!query.isError && <ReturnLinesTable queryKey={linesKey(id)} fetchPage={(page) => fetchLines(id, page)} />}
    </TitledPage>
  );
};
