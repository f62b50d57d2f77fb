import { Chip } from '@mui/material';
import type { Verification } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { countFacts, FactsList } from '../../components/facts-card';
import { formatDateTime } from '../../lib/format';

/** One verification's facts: code, window, reader, counts, whether it counts (valid) and its result; skeletons while undefined. */
export const VerificationSummary = ({ verification }: { verification: Verification | undefined }) => {
  const { t, i18n } = useTranslation('verification');
  const count = countFacts<Verification>(i18n.language);
  return (
    <FactsList
      testId="verification-summary"
      record={verification}
      facts={[
        { label: t('report.code'), value: (v) => v.code },
        { label: t('report.start'), value: (v) => formatDateTime(v.start_time) },
        { label: t('report.end'), value: (v) => formatDateTime(v.end_time) },
        {
          label: t('report.reader'),
          value: (v) => v.readers[0]?.serial_number ?? t('verifications.noReader'),
          testId: 'verification-reader',
        },
        count(t('report.real'), (v) => v.real_item_count, 'verification-real'),
        count(t('report.expected'), (v) => v.theorical_item_count, 'verification-expected'),
        count(t('report.matched'), (v) => v.matched_item_count, 'verification-matched'),
        {
          label: t('report.valid'),
          value: (v) =>
            v.valid ? (
              <Chip size="small" color="success" label={t('report.isValid')} data-testid="verification-valid" />
            ) : (
              <Chip size="small" label={t('report.isInvalid')} data-testid="verification-valid" />
            ),
        },
        // The result shows once the verification is known.
        verification !== undefined && {
          label: t('report.result'),
          value: (v) =>
            v.has_errors ? (
              <Chip size="small" color="error" label={t('report.withErrors')} data-testid="verification-result" />
            ) : (
              <Chip size="small" color="success" label={t('report.withoutErrors')} data-testid="verification-result" />
            ),
        },
      ]}
    />
  );
};
