import { Box, Chip, Link } from '@mui/material';
import type { Verification } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TitledPage } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { StatusChip } from '../../components/status-chip';
import { TableCard } from '../../components/table-card';
import { formatQuantity } from '../../lib/format';
import { useNotify } from '../../lib/notifier';
import { canChangeOrders, useRole } from '../auth';
import { boxStatusMap, ORDER_PATHS, OrderHeader } from '../orders';
import { boxVerificationsPages } from './api/get-box-verifications';
import { useVerificationBox } from './api/get-verification-box';
import { useSetVerificationValid } from './api/set-verification-valid';
import { KindChip } from './kind-chip';
import { useVerificationColumns } from './verification-columns';
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

  const columns = useVerificationColumns({ kind, orderId, boxId, canToggle, setPending });

  const confirm = async () => {
    if (!pending) return;
    // On failure the api client shows the server's message and the dialog stays open.
    await setValid.mutateAsync({ id: pending.id, valid: !pending.valid });
    notify(pending.valid ? t('verifications.invalidated') : t('verifications.validated'), 'success');
  };

  return (
    <TitledPage
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
    >
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
    </TitledPage>
  );
};
