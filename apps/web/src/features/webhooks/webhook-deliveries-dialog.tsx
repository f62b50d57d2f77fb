import ReplayIcon from '@mui/icons-material/Replay';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { WEBHOOK_DELIVERY_STATES, type WebhookDelivery, WebhookDeliveryState, type WebhookEndpoint } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, PagedTable } from '../../components/paged-table';
import { SelectFilter } from '../../components/select-filter';
import { StatusChip, type StatusStyle } from '../../components/status-chip';
import { TwoLineDate } from '../../components/two-line';
import { notify } from '../../lib/notifier';
import { type DeliveryFilters, webhookDeliveriesPages } from './api/get-webhook-deliveries';
import { useReplayWebhookDelivery } from './api/replay-webhook-delivery';
import { useReplayWebhookFailed } from './api/replay-webhook-failed';

/** How far back "replay failed" reaches. */
const REPLAY_SPANS = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 } as const;
type ReplaySpan = keyof typeof REPLAY_SPANS;

/**
 * An endpoint's delivery log (newest first, by state): each message's event, subject, state, attempts, last status,
 * error, duration and time; a failed one is replayed here, or every failed one of the last hour, day or week.
 */
export const WebhookDeliveriesDialog = ({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) => {
  const { t } = useTranslation(['webhooks', 'common']);
  const [state, setState] = useState<DeliveryFilters['state']>('');
  const [span, setSpan] = useState<ReplaySpan>('day');
  const replay = useReplayWebhookDelivery();
  const replayFailed = useReplayWebhookFailed();
  const states: Record<string, StatusStyle> = {
    pending: { label: t('states.pending'), color: 'info' },
    succeeded: { label: t('states.succeeded'), color: 'success' },
    failed: { label: t('states.failed'), color: 'error' },
  };
  const columns: Column<WebhookDelivery>[] = [
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
                replay.mutate({ id: endpoint.id, deliveryId: row.id }, { onSuccess: () => notify(t('log.replayed'), 'success') })
              }
              data-testid="webhook-delivery-replay"
            >
              <ReplayIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null,
    },
  ];
  const replaySince = () =>
    replayFailed.mutate(
      { id: endpoint.id, since: new Date(Date.now() - REPLAY_SPANS[span]).toISOString() },
      { onSuccess: (answer) => notify(t('log.replayedMany', { count: answer.replayed }), 'success') },
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" data-testid="webhook-deliveries-dialog">
      <DialogTitle sx={{ overflowWrap: 'anywhere' }}>{t('log.title', { url: endpoint.url })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <SelectFilter
              label={t('log.state')}
              allLabel={t('log.allStates')}
              value={state}
              onChange={(value) => setState(WEBHOOK_DELIVERY_STATES.find((s) => s === value) ?? '')}
              options={WEBHOOK_DELIVERY_STATES.map((value) => ({ value, label: t(`states.${value}`) }))}
              testId="webhook-deliveries-state"
            />
            <SelectFilter
              label={t('log.replaySpan')}
              value={span}
              onChange={(value) => setSpan(value === 'hour' || value === 'week' ? value : 'day')}
              options={(['hour', 'day', 'week'] as const).map((value) => ({ value, label: t(`log.spans.${value}`) }))}
              testId="webhook-replay-span"
            />
            <Button onClick={replaySince} disabled={replayFailed.isPending} data-testid="webhook-replay-failed">
              {t('log.replayFailed')}
            </Button>
          </Stack>
          <PagedTable
            {...webhookDeliveriesPages(endpoint.id, { state })}
            columns={columns}
            emptyText={t('log.empty')}
            testId="webhook-deliveries-table"
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('log.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
