import ReplayIcon from '@mui/icons-material/Replay';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { type WebhookDelivery, WebhookDeliveryState } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/paged-table';
import { StatusChip, statusStyles } from '../../components/status-chip';
import { TwoLineDate } from '../../components/two-line';
import { notify } from '../../lib/notifier';
import { useReplayWebhookDelivery } from './api/replay-webhook-delivery';

/** The delivery log's columns of endpoint `endpointId`: event, state, attempts, last status, duration, time, replay. */
export const useDeliveryColumns = (endpointId: number): Column<WebhookDelivery>[] => {
  const { t } = useTranslation(['webhooks', 'common']);
  const replay = useReplayWebhookDelivery();
  const states = statusStyles({ pending: 'info', succeeded: 'success', failed: 'error' }, (state) => t(`states.${state}`));
  return [
    {
      id: 'event',
      header: t('log.event'),
      mobile: 'title',
      cell: (row) => (
        <Stack sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {row.event_type}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {row.subject} · {row.message_id}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'state',
      header: t('log.state'),
      cell: (row) => <StatusChip status={row.state} map={states} />,
    },
    { id: 'attempts', header: t('log.attempts'), align: 'right', cell: (row) => row.attempts },
    {
      id: 'status',
      header: t('log.lastStatus'),
      cell: (row) => (
        <Stack sx={{ minWidth: 0 }}>
          <span>{row.last_status ?? '—'}</span>
          {row.last_error && (
            <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere' }} data-testid="webhook-delivery-error">
              {row.last_error}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      id: 'duration',
      header: t('log.duration'),
      align: 'right',
      cell: (row) => (row.last_duration_ms === null ? '—' : t('log.ms', { ms: row.last_duration_ms })),
    },
    {
      id: 'time',
      header: t('log.time'),
      cell: (row) => <TwoLineDate value={row.last_attempt_at ?? row.created_at} />,
    },
    {
      id: 'actions',
      header: '',
      cell: (row) =>
        row.state === WebhookDeliveryState.Failed ? (
          <Tooltip title={t('log.replay')}>
            <IconButton
              size="small"
              aria-label={`${t('log.replay')}: ${row.message_id}`}
              disabled={replay.isPending}
              onClick={() =>
                replay.mutate({ id: endpointId, deliveryId: row.id }, { onSuccess: () => notify(t('log.replayed'), 'success') })
              }
              data-testid="webhook-delivery-replay"
            >
              <ReplayIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null,
    },
  ];
};
