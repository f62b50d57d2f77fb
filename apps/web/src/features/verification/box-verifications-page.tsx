import AssessmentIcon from '@mui/icons-material/Assessment';
import { Box, Chip, IconButton, Link, Stack, Switch, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import type { Verification } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageTitle } from '../../components/page-title';
import { type Column, PagedTable } from '../../components/paged-table';
import { StatusChip } from '../../components/status-chip';
import { TableCard } from '../../components/table-card';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { useNotify } from '../../lib/notifier';
import { canChangeOrders, useRole } from '../auth';
import { boxStatusMap, ORDER_PATHS, OrderHeader } from '../orders';
import { boxVerificationsPages } from './api/get-box-verifications';
import { useVerificationBox } from './api/get-verification-box';
import { useSetVerificationValid } from './api/set-verification-valid';
import { KindChip } from './kind-chip';
import type { VerificationPageProps } from './verification-kind';

/**
 * A box's verifications on its kind's side (11 per page, newest first): id, a detail link, code,
 * start and end time, item count, first reader (or 'no reader') and the valid switch, which asks
 * before it sends the opposite value. Roles 1 to 4 may use the switch; the server recomputes the
 * box and the order side, and every list and header refetches.
 */
export const BoxVerificationsPage = ({ kind, orderId, boxId }: VerificationPageProps) => {
  const { t, i18n } = useTranslation('verification');
  const paths = ORDER_PATHS[kind];
  const box = useVerificationBox(kind, orderId, boxId);
  const canToggle = canChangeOrders(useRole());
  const notify = useNotify();
  const setValid = useSetVerificationValid();
  const [pending, setPending] = useState<Verification | null>(null);
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));

  const columns: Column<Verification>[] = [
    {
      id: 'id',
      header: t('verifications.columns.id'),
      cell: (row) => (
        <Link component={RouterLink} to={paths.verification(orderId, boxId, row.id)} data-testid="verification-link">
          {isPhone ? t('verifications.cardTitle', { id: row.id }) : row.id}
        </Link>
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
    {
      id: 'items',
      header: t('verifications.columns.items'),
      cell: (row) => <span data-testid="verification-items-count">{formatQuantity(row.real_item_count, i18n.language)}</span>,
      align: 'right',
    },
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

  const confirm = async () => {
    if (!pending) return;
    // On failure the api client shows the server's message and the dialog stays open.
    await setValid.mutateAsync({ id: pending.id, valid: !pending.valid });
    notify(pending.valid ? t('verifications.invalidated') : t('verifications.validated'), 'success');
  };

  return (
    <Stack spacing={2}>
      <PageTitle
        title={t('verifications.heading')}
        backTo={paths.boxes(orderId)}
        subtitle={
          box.data ? (
            <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <KindChip kind={kind} />
              <Link component={RouterLink} to={paths.box(orderId, boxId)} data-testid="box-barcode">
                {box.data.barcode}
              </Link>
              <span data-testid="box-status">
                <StatusChip status={box.data.status} map={boxStatusMap(t)} />
              </span>
              <Chip
                size="small"
                variant="outlined"
                data-testid="box-counts"
                label={t('verifications.boxCounts', {
                  real: formatQuantity(box.data.real_item_count, i18n.language),
                  expected: formatQuantity(box.data.theorical_item_count, i18n.language),
                })}
              />
            </Box>
          ) : undefined
        }
      />
      <OrderHeader kind={kind} orderId={orderId} />
      <TableCard>
        <PagedTable
          {...boxVerificationsPages(kind, boxId)}
          columns={columns}
          emptyText={t('verifications.empty')}
          testId="box-verifications"
        />
      </TableCard>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.valid ? t('verifications.confirmInvalidTitle') : t('verifications.confirmValidTitle')}
        message={t(pending?.valid ? 'verifications.confirmInvalid' : 'verifications.confirmValid', { id: pending?.id })}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
};
