import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { WEBHOOK_DELIVERY_STATES, type WebhookEndpoint } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/paged-table';
import { ChoicesFilter, SelectFilter } from '../../components/select-filter';
import { notify } from '../../lib/notifier';
import { type DeliveryFilters, webhookDeliveriesPages } from './api/get-webhook-deliveries';
import { useReplayWebhookFailed } from './api/replay-webhook-failed';
import { useDeliveryColumns } from './delivery-columns';

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
  const replayFailed = useReplayWebhookFailed();
  const columns = useDeliveryColumns(endpoint.id);
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
            <ChoicesFilter
              label={t('log.state')}
              allLabel={t('log.allStates')}
              value={state}
              onChange={setState}
              choices={WEBHOOK_DELIVERY_STATES}
              choiceLabel={(value) => t(`states.${value}`)}
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
