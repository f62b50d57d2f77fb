import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Button, FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { API_KEY_NAME_MAX, type ApiKeyAccess, type ApiKeyCreated, apiKeyCreateBodySchema } from '@rfid/contract';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { SimpleDialog } from '../../components/simple-dialog';
import { useCreateApiKey } from './api/create-api-key';
import { useKeyLocations } from './api/get-key-locations';

type KeyForm = { name: string; access: ApiKeyAccess; locations: number[] };
// The contract's schema checks the form's values as the server does; its output (name trimmed) is what is sent.
const keyResolver = zodResolver(apiKeyCreateBodySchema) as unknown as Resolver<KeyForm>;

/**
 * A new API key: its name, read or write, and its locations (none chosen: every location of the company). On success
 * the parent shows the key once (`onCreated`).
 */
export const CreateApiKeyDialog = ({ onClose, onCreated }: { onClose: () => void; onCreated: (key: ApiKeyCreated) => void }) => {
  const { t } = useTranslation(['api-keys', 'common']);
  const create = useCreateApiKey();
  const locations = useKeyLocations();
  const [status, setStatus] = useState<FormStatus>(null);
  const { register, handleSubmit, control, formState } = useForm<KeyForm>({
    resolver: keyResolver,
    defaultValues: { name: '', access: 'read', locations: [] },
  });
  const options = locations.data?.results ?? [];
  const submit = handleSubmit(({ name, access, locations: chosen }) => {
    setStatus(null);
    create.mutate(
      { name, access, locations: chosen.length ? chosen : null },
      { onSuccess: onCreated, onError: (error) => setStatus(errorStatus(error, t('common:errors.notCompleted'))) },
    );
  });

  return (
    <SimpleDialog
      open
      onClose={create.isPending ? undefined : onClose}
      title={t('create.title')}
      testId="api-key-create-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('create.cancel')}
          </Button>
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={create.isPending}
            data-testid="api-key-create-submit"
          >
            {t('create.submit')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('fields.name')}
          {...register('name')}
          error={Boolean(formState.errors.name)}
          helperText={formState.errors.name ? t('create.nameRequired', { max: API_KEY_NAME_MAX }) : t('create.nameHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'api-key-name' } }}
        />
        <Controller
          control={control}
          name="access"
          render={({ field }) => (
            <Stack>
              <Typography variant="body2" color="text.secondary">
                {t('fields.access')}
              </Typography>
              <RadioGroup row value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                <FormControlLabel value="read" control={<Radio />} label={t('access.read')} />
                <FormControlLabel value="write" control={<Radio />} label={t('access.write')} />
              </RadioGroup>
              <Typography variant="caption" color="text.secondary">
                {t(`accessHelp.${field.value}`)}
              </Typography>
            </Stack>
          )}
        />
        <Controller
          control={control}
          name="locations"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={options.map((o) => o.id)}
              value={field.value}
              onChange={(_event, value) => field.onChange(value)}
              getOptionLabel={(id) => {
                const place = options.find((o) => o.id === id);
                return place ? `${place.code} · ${place.description}` : String(id);
              }}
              renderInput={(params) => (
                <TextField {...params} label={t('fields.locations')} helperText={t('create.locationsHelp')} />
              )}
              data-testid="api-key-locations"
            />
          )}
        />
        <FormAlert status={status} onClose={() => setStatus(null)} />
      </Stack>
    </SimpleDialog>
  );
};
