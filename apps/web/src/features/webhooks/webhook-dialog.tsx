import { zodResolver } from '@hookform/resolvers/zod';
import {
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointCreateInput,
  type WebhookEventType,
  webhookEndpointCreateSchema,
} from '@rfid/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { autocompleteInput } from '../../components/autocomplete-input';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { useWebhookLocations } from './api/get-webhook-locations';

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
  const locations = useWebhookLocations();
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
          <Controller
            control={form.control}
            name="event_types"
            render={({ field }) => {
              const chosen = new Set<string>(field.value ?? []);
              const toggle = (type: WebhookEventType, isOn: boolean) =>
                field.onChange(WEBHOOK_EVENT_TYPES.filter((known) => (known === type ? isOn : chosen.has(known))));
              return (
                <Stack>
                  <FormLabel error={Boolean(errors.event_types)}>{t('form.eventTypes')}</FormLabel>
                  <FormGroup data-testid="webhook-event-types">
                    {WEBHOOK_EVENT_TYPES.map((type) => (
                      <FormControlLabel
                        key={type}
                        control={
                          <Checkbox
                            size="small"
                            checked={chosen.has(type)}
                            onChange={(event) => toggle(type, event.target.checked)}
                            slotProps={{ input: { 'aria-label': t(`events.${type}`) } }}
                          />
                        }
                        label={t(`events.${type}`)}
                      />
                    ))}
                  </FormGroup>
                  {errors.event_types && <FormHelperText error>{t('form.chooseEventTypes')}</FormHelperText>}
                </Stack>
              );
            }}
          />
          <Controller
            control={form.control}
            name="location_ids"
            render={({ field }) => {
              const options = locations.data ?? [];
              const chosen = options.filter((location) => (field.value ?? []).includes(location.id));
              return (
                <Autocomplete
                  multiple
                  options={options}
                  value={chosen}
                  getOptionLabel={(location) => location.description}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  onChange={(_event, value) => field.onChange(value.length > 0 ? value.map((location) => location.id) : null)}
                  renderInput={autocompleteInput('webhook-locations', {
                    label: t('form.locations'),
                    helperText: errors.location_ids ? t('form.invalidLocations') : t('form.locationsHint'),
                    error: Boolean(errors.location_ids),
                  })}
                />
              );
            }}
          />
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
