import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import {
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointCreateInput,
  webhookEndpointCreateSchema,
} from '@rfid/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { WebhookScopeFields } from './webhook-dialog-fields';

/**
 * The endpoint's form (create or edit), checked by the contract's schema as the server checks it: an http(s) URL,
 * a description, at least one event type, enabled. `onSave` sends it; an error of the server is shown under the fields.
 */
export const WebhookDialog = ({
  endpoint,
  onSave,
  onClose,
}: {
  /** The endpoint to edit; none: a new one. */
  endpoint?: WebhookEndpoint;
  onSave: (values: WebhookEndpointCreate) => Promise<unknown>;
  onClose: () => void;
}) => {
  const { t } = useTranslation(['webhooks', 'common']);
  const [status, setStatus] = useState<FormStatus>(null);
  const form = useForm<WebhookEndpointCreateInput, unknown, WebhookEndpointCreate>({
    resolver: zodResolver(webhookEndpointCreateSchema),
    defaultValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      event_types: endpoint?.event_types ?? [],
      location_ids: endpoint?.location_ids ?? null,
      enabled: endpoint?.enabled ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setStatus(null);
    try {
      await onSave(values);
    } catch (error) {
      setStatus(errorStatus(error, t('common:errors.notCompleted')));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="webhook-dialog">
      <DialogTitle>{endpoint ? t('form.editTitle') : t('form.newTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('form.url')}
            placeholder="https://erp.example.com/hooks/rfid"
            {...form.register('url')}
            error={Boolean(errors.url)}
            helperText={errors.url ? t('form.invalidUrl') : t('form.urlHint')}
            slotProps={{ htmlInput: { 'data-testid': 'webhook-url', inputMode: 'url' } }}
          />
          <TextField
            label={t('form.description')}
            {...form.register('description')}
            error={Boolean(errors.description)}
            helperText={errors.description ? t('form.invalidDescription') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'webhook-description' } }}
          />
          <WebhookScopeFields form={form} />
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value ?? true} onChange={(event) => field.onChange(event.target.checked)} />}
                label={t('form.enabled')}
              />
            )}
          />
          <FormAlert status={status} onClose={() => setStatus(null)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button variant="contained" disabled={isSubmitting} onClick={() => void submit()} data-testid="webhook-save">
          {t('form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
