import { Skeleton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FactsCard, Field } from '../../../components/facts-card';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { formatQuantity, formatTableDateTime } from '../../../lib/format';

type ReturnFacts = {
  id: number;
  code: string;
  real_item_count: number;
  start_time: string | null;
  end_time: string | null;
};

/** The facts of a provider or sale return above its lines; `extra` adds fields (order, provider). */
export const ReturnHeader = ({
  data,
  error,
  extra,
}: {
  data: ReturnFacts | undefined;
  error: Error | null;
  extra?: ReactNode;
}) => {
  const { t, i18n } = useTranslation(['inbound-verification', 'common']);
  if (error) return <LoadErrorAlert error={error} testId="return-error" />;
  const value = (render: (row: ReturnFacts) => ReactNode) => (data ? render(data) : <Skeleton />);
  return (
    <FactsCard testId="return-header">
      <Field label={t('returns.columns.id')}>{value((row) => row.id)}</Field>
      <Field label={t('returns.columns.code')}>
        {value((row) => (
          <span data-testid="return-code">{row.code}</span>
        ))}
      </Field>
      <Field label={t('returns.start')}>{value((row) => formatTableDateTime(row.start_time, t('common:noDate')))}</Field>
      <Field label={t('returns.columns.date')}>{value((row) => formatTableDateTime(row.end_time, t('common:noDate')))}</Field>
      <Field label={t('returns.columns.items')}>
        {value((row) => (
          <span data-testid="return-items">{formatQuantity(row.real_item_count, i18n.language)}</span>
        ))}
      </Field>
      {extra}
    </FactsCard>
  );
};
