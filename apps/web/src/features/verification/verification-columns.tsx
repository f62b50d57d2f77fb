import AssessmentIcon from '@mui/icons-material/Assessment';
import { IconButton, Switch, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { Verification } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { linkCell } from '../../components/link-cell';
import type { Column } from '../../components/paged-table';
import { quantityColumn } from '../../components/quantity-column';
import { formatDateTime } from '../../lib/format';
import { ORDER_PATHS } from '../orders';
import type { VerificationPageProps } from './verification-kind';

/** A box's verifications' columns; the valid switch (`canToggle`) hands its row to `setPending`, which asks first. */
export const useVerificationColumns = ({
  kind,
  orderId,
  boxId,
  canToggle,
  setPending,
}: VerificationPageProps & { canToggle: boolean; setPending: (verification: Verification) => void }): Column<Verification>[] => {
  const { t, i18n } = useTranslation('verification');
  const paths = ORDER_PATHS[kind];
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  return [
    {
      id: 'id',
      header: t('verifications.columns.id'),
      cell: linkCell(
        (row) => ({
          to: paths.verification(orderId, boxId, row.id),
          text: isPhone ? t('verifications.cardTitle', { id: row.id }) : row.id,
        }),
        'verification-link',
      ),
      mobile: 'title',
    },
    {
      id: 'detail',
      header: t('verifications.columns.detail'),
      cell: (row) => (
        <Tooltip title={t('verifications.report')}>
          <IconButton
            size="small"
            component={RouterLink}
            to={paths.verification(orderId, boxId, row.id)}
            aria-label={t('verifications.report')}
            data-testid="verification-report-link"
          >
            <AssessmentIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
    { id: 'code', header: t('verifications.columns.code'), cell: (row) => row.code },
    { id: 'start', header: t('verifications.columns.start'), cell: (row) => formatDateTime(row.start_time) },
    { id: 'end', header: t('verifications.columns.end'), cell: (row) => formatDateTime(row.end_time) },
    quantityColumn({
      id: 'items',
      header: t('verifications.columns.items'),
      value: (row) => row.real_item_count,
      language: i18n.language,
      testId: 'verification-items-count',
    }),
    {
      id: 'reader',
      header: t('verifications.columns.reader'),
      cell: (row) =>
        row.readers[0]?.serial_number ?? (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('verifications.noReader')}
          </Typography>
        ),
    },
    {
      id: 'valid',
      header: t('verifications.columns.valid'),
      cell: (row) => (
        <Switch
          size="small"
          checked={row.valid}
          disabled={!canToggle}
          onChange={() => setPending(row)}
          slotProps={{ input: { 'aria-label': t('verifications.validLabel', { id: row.id }) } }}
          data-testid={`verification-valid-${row.id}`}
        />
      ),
    },
  ];
};
