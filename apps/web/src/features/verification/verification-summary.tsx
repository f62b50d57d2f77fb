import { Chip, Skeleton } from '@mui/material';
import type { Verification } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FactsCard, Field } from '../../components/facts-card';
import { formatQuantity, formatTableDateTime } from '../../lib/format';

/** One verification's facts: code, window, reader, counts, whether it counts (valid) and its result; skeletons while undefined. */
export const VerificationSummary = ({ verification }: { verification: Verification | undefined }) => {
  const { t, i18n } = useTranslation('verification');
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const value = (render: (loaded: Verification) => ReactNode) => (verification ? render(verification) : <Skeleton />);
  return (
    <FactsCard testId="verification-summary">
      <Field label={t('report.code')}>{value((v) => v.code)}</Field>
      <Field label={t('report.start')}>{value((v) => formatTableDateTime(v.start_time))}</Field>
      <Field label={t('report.end')}>{value((v) => formatTableDateTime(v.end_time))}</Field>
      <Field label={t('report.reader')}>
        {value((v) => (
          <span data-testid="verification-reader">{v.readers[0]?.serial_number ?? t('verifications.noReader')}</span>
        ))}
      </Field>
      <Field label={t('report.real')}>
        {value((v) => (
          <span data-testid="verification-real">{quantity(v.real_item_count)}</span>
        ))}
      </Field>
      <Field label={t('report.expected')}>
        {value((v) => (
          <span data-testid="verification-expected">{quantity(v.theorical_item_count)}</span>
        ))}
      </Field>
      <Field label={t('report.matched')}>
        {value((v) => (
          <span data-testid="verification-matched">{quantity(v.matched_item_count)}</span>
        ))}
      </Field>
      <Field label={t('report.valid')}>
        {value((v) =>
          v.valid ? (
            <Chip size="small" color="success" label={t('report.isValid')} data-testid="verification-valid" />
          ) : (
            <Chip size="small" label={t('report.isInvalid')} data-testid="verification-valid" />
          ),
        )}
      </Field>
      {verification && (
        <Field label={t('report.result')}>
          {verification.has_errors ? (
            <Chip size="small" color="error" label={t('report.withErrors')} data-testid="verification-result" />
          ) : (
            <Chip size="small" color="success" label={t('report.withoutErrors')} data-testid="verification-result" />
          )}
        </Field>
      )}
    </FactsCard>
  );
};
