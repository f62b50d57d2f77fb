import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { canDo, WEBHOOKS_MAX_ROLE, type WebhookEndpoint } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { TitledPage } from '../../components/page-title';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notifier';
import { useRole } from '../auth';
import { useCreateWebhook } from './api/create-webhook';
import { useDeleteWebhook } from './api/delete-webhook';
import { useEnableWebhook } from './api/enable-webhook';
import { useWebhooks } from './api/get-webhooks';
import { useRotateWebhookSecret } from './api/rotate-webhook-secret';
import { useTestWebhook } from './api/test-webhook';
import { useUpdateWebhook } from './api/update-webhook';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookDialog } from './webhook-dialog';
import { WebhookSecretDialog } from './webhook-secret-dialog';

type Editing = { mode: 'new' } | { mode: 'edit'; endpoint: WebhookEndpoint } | null;
type Secret = { secret: string; previousUntil?: string } | null;

/** One endpoint: its address, description, event types, state (disabled with its reason) and its actions. */
const EndpointCard = ({
  endpoint,
  onEdit,
  onLog,
  onRotate,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onLog: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) => {
  const { t } = useTranslation('webhooks');
  const test = useTestWebhook();
  const enable = useEnableWebhook();
  const sendTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: (answer) =>
        answer.ok
          ? notify(t('card.testOk', { status: answer.status, ms: answer.duration_ms }), 'success')
          : notify(t('card.testFailed', { error: answer.error ?? '' }), 'error'),
    });
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="webhook-card">
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }} data-testid="webhook-card-url">
            {endpoint.url}
          </Typography>
          <Chip
            size="small"
            color={endpoint.enabled ? 'success' : 'default'}
            label={endpoint.enabled ? t('card.enabled') : t('card.disabled')}
            data-testid="webhook-card-state"
          />
        </Stack>
        {endpoint.description && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {endpoint.description}
          </Typography>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {endpoint.event_types.map((type) => (
            <Chip key={type} size="small" variant="outlined" label={t(`events.${type}`)} />
          ))}
        </Box>
        {!endpoint.enabled && endpoint.disabled_reason && (
          <Alert severity="warning" data-testid="webhook-card-disabled-reason">
            {t('card.disabledReason', {
              reason: endpoint.disabled_reason,
              date: formatDateTime(endpoint.disabled_at),
            })}
          </Alert>
        )}
        {endpoint.previous_secret_until && (
          <Typography variant="caption" color="text.secondary">
            {t('card.rotating', { date: formatDateTime(endpoint.previous_secret_until) })}
          </Typography>
        )}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button size="small" onClick={onEdit} data-testid="webhook-edit">
            {t('card.edit')}
          </Button>
          <Button size="small" onClick={onLog} data-testid="webhook-log">
            {t('card.log')}
          </Button>
          <Button size="small" onClick={sendTest} disabled={test.isPending} data-testid="webhook-test">
            {t('card.test')}
          </Button>
          <Button size="small" onClick={onRotate} data-testid="webhook-rotate">
            {t('card.rotate')}
          </Button>
          {!endpoint.enabled && (
            <Button
              size="small"
              disabled={enable.isPending}
              onClick={() => enable.mutate(endpoint.id, { onSuccess: () => notify(t('card.enabledAgain'), 'success') })}
              data-testid="webhook-enable"
            >
              {t('card.enable')}
            </Button>
          )}
          <Button size="small" color="error" onClick={onDelete} data-testid="webhook-delete">
            {t('card.delete')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
};

/**
 * Webhooks (Administration, roles 1–2, issue 27): the company's endpoints, each subscribed to event types and signed
 * with its own secret (Standard Webhooks). Create or edit one, see its secret once, rotate it, send a test, read the
 * delivery log and replay failed deliveries; an endpoint disabled after repeated failures says why and is enabled here.
 */
export const WebhooksPage = () => {
  const { t } = useTranslation(['webhooks', 'common']);
  const role = useRole();
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<Secret>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  if (role !== undefined && !canDo(role, WEBHOOKS_MAX_ROLE)) {
    return (
      <Alert severity="warning" data-testid="not-allowed">
        {t('notAllowed')}
      </Alert>
    );
  }

  return (
    <TitledPage
      testId="webhooks-page"
      title={t('title')}
      subtitle={t('subtitle')}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'new' })} data-testid="webhook-new">
          {t('new')}
        </Button>
      }
    >
      {webhooks.isError && <LoadErrorAlert error={webhooks.error} testId="webhooks-load-error" />}
      {webhooks.data?.length === 0 && (
        <Typography color="text.secondary" data-testid="webhooks-empty">
          {t('empty')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {webhooks.data?.map((endpoint) => (
          <EndpointCard
            key={endpoint.id}
            endpoint={endpoint}
            onEdit={() => setEditing({ mode: 'edit', endpoint })}
            onLog={() => setLogOf(endpoint)}
            onRotate={() => setRotating(endpoint)}
            onDelete={() => setDeleting(endpoint)}
          />
        ))}
      </Box>
      {editing && (
        <WebhookDialog
          {...(editing.mode === 'edit' ? { endpoint: editing.endpoint } : {})}
          onClose={() => setEditing(null)}
          onSave={async (values) => {
            if (editing.mode === 'edit') {
              await update.mutateAsync({
                id: editing.endpoint.id,
                body: {
                  url: values.url,
                  description: values.description,
                  event_types: values.event_types,
                  enabled: values.enabled,
                },
              });
              notify(t('saved'), 'success');
            } else {
              const created = await create.mutateAsync(values);
              setSecret({ secret: created.secret });
            }
            setEditing(null);
          }}
        />
      )}
      {secret && <WebhookSecretDialog {...secret} onClose={() => setSecret(null)} />}
      {logOf && <WebhookDeliveriesDialog endpoint={logOf} onClose={() => setLogOf(null)} />}
      <ConfirmDialog
        open={rotating !== null}
        title={t('rotate.title')}
        message={t('rotate.message')}
        confirmLabel={t('rotate.confirm')}
        cancelLabel={t('rotate.cancel')}
        onConfirm={() =>
          rotating
            ? rotate
                .mutateAsync(rotating.id)
                .then((answer) => setSecret({ secret: answer.secret, previousUntil: answer.previous_secret_until }))
            : undefined
        }
        onClose={() => setRotating(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        message={deleting ? t('delete.message', { url: deleting.url }) : ''}
        confirmLabel={t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        isDanger
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </TitledPage>
  );
};
