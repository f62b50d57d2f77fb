import ListAltIcon from '@mui/icons-material/ListAlt';
import { Stack, Typography } from '@mui/material';
import { type ItemLine, onlinePercent } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { articleColumns } from '../../components/article-columns';
import type { Column } from '../../components/paged-table';
import { PercentBar } from '../../components/percent-bar';
import { formatQuantity } from '../../lib/format';
import { expectedRealColumns, ORDER_PATHS, sizeColumn } from '../orders';
import { getVerificationReport } from './api/get-verification-report';
import { verificationKeys } from './keys';
import type { VerificationIds } from './verification-kind';
import { VerificationLinesTable, VerificationPageFrame } from './verification-page-frame';
import { VerificationSummary } from './verification-summary';

/**
 * A verification's report per GTIN (100 per page, by GTIN): expected and real quantity,
 * description, section, cloth type, model, colour, size and a completion bar capped at 100.
 * Online orders keep both readings of the spec: the capped bar, and the online percent where
 * a reading above 100 becomes 0.
 */
export const VerificationReportPage = (ids: VerificationIds) => {
  const { kind, orderId, boxId, verificationId } = ids;
  const { t, i18n } = useTranslation('verification');
  const paths = ORDER_PATHS[kind];
  const quantity = (value: number) => formatQuantity(value, i18n.language);
  const columns: Column<ItemLine>[] = [
    ...articleColumns<ItemLine>(['gtin', 'description', 'section', 'clothType', 'model', 'colour'], (id) =>
      t(`report.columns.${id}`),
    ),
    sizeColumn(t('report.columns.size'), t),
    ...expectedRealColumns<ItemLine>({ expected: t('report.columns.expected'), real: t('report.columns.real') }, quantity),
    {
      id: 'completion',
      header: t('report.columns.completion'),
      // The server's percent is real / expected × 100; the bar caps it at 100 (spec section 9).
      // Online orders show their second reading under it, where above 100 becomes 0 (spec: "both
      // readings are present"); in the same cell, so the table still fits a desktop screen.
      cell: (line) =>
        kind === 'online' ? (
          <Stack spacing={0.25}>
            <PercentBar value={line.percent} minWidth={100} />
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {t('report.onlineReading')}{' '}
              <span data-testid="line-online-percent">{onlinePercent(line.real_quantity, line.theorical_quantity)}%</span>
            </Typography>
          </Stack>
        ) : (
          <PercentBar value={line.percent} minWidth={100} />
        ),
    },
  ];
  return (
    <VerificationPageFrame
      {...ids}
      title={t('report.heading', { id: verificationId })}
      backTo={paths.verifications(orderId, boxId)}
      link={{
        to: paths.verificationItems(orderId, boxId, verificationId),
        label: t('report.items'),
        icon: <ListAltIcon />,
        testId: 'verification-items-link',
      }}
      loading={<VerificationSummary verification={undefined} />}
    >
      {(verification) => (
        <>
          <VerificationSummary verification={verification} />
          <Typography variant="h6">{t('report.lines')}</Typography>
          <VerificationLinesTable
            queryKey={verificationKeys.report(verificationId)}
            fetchPage={(page) => getVerificationReport(verificationId, page)}
            columns={columns}
            rowKey={(line) => line.gtin}
            emptyText={t('report.empty')}
            testId="verification-report"
          />
        </>
      )}
    </VerificationPageFrame>
  );
};
