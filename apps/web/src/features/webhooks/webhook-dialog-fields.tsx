import { Autocomplete, Checkbox, FormControlLabel, FormGroup, FormHelperText, FormLabel, Stack } from '@mui/material';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointCreate,
  type WebhookEndpointCreateInput,
  type WebhookEventType,
} from '@rfid/contract';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { autocompleteInput } from '../../components/autocomplete-input';
import { useWebhookLocations } from './api/get-webhook-locations';

/** The endpoint's event types (at least one, as checkboxes) and its locations (none chosen: every location). */
export const WebhookScopeFields = ({
  form,
}: {
  form: UseFormReturn<WebhookEndpointCreateInput, unknown, WebhookEndpointCreate>;
}) => {
  const { t } = useTranslation(['webhooks', 'common']);
  const { errors } = form.formState;
  const locations = useWebhookLocations();
  return (
    <>
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
    </>
  );
};
