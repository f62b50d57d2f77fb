import { useTranslation } from 'react-i18next';
import { type Fact, FactsList } from '../../../components/facts-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatDateTime, formatQuantity } from '../../../lib/format';

type ReturnFacts = {
  id: number;
  code: string;
  real_item_count: number;
  start_time: string | null;
  end_time: string | null;
};

/** The facts of a provider or sale return above its lines; `extra` adds facts (order, provider). */
export const ReturnHeader = <T extends ReturnFacts>({
  data,
  error,
  extra = [],
}: {
  data: T | undefined;
  error: Error | null;
  extra?: (Fact<T> | false)[];
}) => {
  const { t, i18n } = useTranslation(['inbound-verification', 'common']);
  if (error) return <LoadErrorAlert error={error} testId="return-error" />;
  const facts: (Fact<T> | false)[] = [
    { label: t('returns.columns.id'), value: (row) => row.id },
    { label: t('returns.columns.code'), value: (row) => row.code, testId: 'return-code' },
    { label: t('returns.start'), value: (row) => formatDateTime(row.start_time, t('common:noDate')) },
    { label: t('returns.columns.date'), value: (row) => formatDateTime(row.end_time, t('common:noDate')) },
    {
      label: t('returns.columns.items'),
      value: (row) => formatQuantity(row.real_item_count, i18n.language),
      testId: 'return-items',
    },
  ];
  return <FactsList testId="return-header" record={data} facts={[...facts, ...extra]} />;
};
