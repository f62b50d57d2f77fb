import { zodResolver } from '@hookform/resolvers/zod';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import {
  DESCRIPTION_MAX_LENGTH,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_TYPES,
  TOPIC_MAX_LENGTH,
  TOPIC_MIN_LENGTH,
  ticketFieldsSchema,
} from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { useCurrentLocation } from '../../lib/current-location';
import { formatBytes } from '../../lib/format';
import { roleQueryOptions } from '../auth';
import { useCreateTicket } from './api/create-ticket';

/** The page's fields: the contract's text fields of POST /ticket/ plus the screenshot (the file part). */
const supportFormSchema = ticketFieldsSchema.pick({ email: true, topic: true, description: true }).extend({
  image: z
    .instanceof(File)
    .nullable()
    .refine((file) => !file || (SCREENSHOT_TYPES as readonly string[]).includes(file.type), { message: 'type', abort: true })
    .refine((file) => !file || file.size <= SCREENSHOT_MAX_BYTES, 'size'),
});
type SupportForm = z.input<typeof supportFormSchema>;
type Field = keyof SupportForm;

/**
 * Support (spec section 2): contact email, topic (3 to 120 characters), detailed description and a
 * screenshot, sent as POST /ticket/ multipart; 'support ticket created' on success. The fields
 * are checked here with the contract's ticket schema, so a wrong topic makes no call.
 */
export const SupportPage = () => {
  const { t } = useTranslation('support');
  const identity = useQuery(roleQueryOptions()).data;
  const location = useCurrentLocation();
  const create = useCreateTicket();
  const [status, setStatus] = useState<FormStatus>(null);
  const [fileKey, setFileKey] = useState(0);
  const { register, handleSubmit, setValue, getFieldState, clearErrors, watch, formState } = useForm<SupportForm>({
    // Raw: the values are sent as typed (the server trims them); an error stays until the next send.
    resolver: zodResolver(supportFormSchema, undefined, { raw: true }),
    reValidateMode: 'onSubmit',
    defaultValues: { email: '', topic: '', description: '', image: null },
  });
  // The signed-in user's email until the user types another.
  const signedInEmail = identity?.email;
  useEffect(() => {
    if (signedInEmail && !getFieldState('email').isDirty) setValue('email', signedInEmail);
  }, [signedInEmail, getFieldState, setValue]);
  const errors = formState.errors;
  /** The page's own message for a field the contract refused. */
  const message = (field: Field): string | undefined => {
    const found = errors[field]?.message;
    if (found === undefined) return undefined;
    if (field === 'email') return t(found === 'required' ? 'errors.emailRequired' : 'errors.emailInvalid');
    if (field === 'topic') return t('errors.topicLength', { min: TOPIC_MIN_LENGTH, max: TOPIC_MAX_LENGTH });
    if (field === 'description') return t('errors.descriptionRequired');
    return t(found === 'type' ? 'errors.imageType' : 'errors.imageSize');
  };
  /** Editing a field clears its error until the next send. */
  const field = (name: Exclude<Field, 'image'>) => register(name, { onChange: () => clearErrors(name) });
  const topicLength = watch('topic').trim().length;
  const screenshot = watch('image');

  const submit = handleSubmit((values) => {
    setStatus(null);
    create.mutate(
      {
        email: values.email,
        topic: values.topic,
        description: values.description,
        screenshot: values.image,
        locationId: location && location.kind !== 'company' ? location.id : null,
      },
      {
        onSuccess: () => {
          setStatus({ kind: 'success', message: t('created') });
          setValue('topic', '');
          setValue('description', '');
          setValue('image', null);
          setFileKey((k) => k + 1);
        },
        onError: (error) => {
          const failed = errorStatus(error, t('common:errors.notCompleted'));
          setStatus(failed);
        },
      },
    );
  });
  const emailError = message('email');
  const topicError = message('topic');
  const descriptionError = message('description');
  const imageError = message('image');

  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('intro')}
        </Typography>
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Stack component="form" spacing={2} noValidate onSubmit={submit} data-testid="support-form">
            <TextField
              label={t('fields.email')}
              type="email"
              required
              {...field('email')}
              error={Boolean(emailError)}
              helperText={emailError}
              slotProps={{ htmlInput: { 'data-testid': 'support-email', maxLength: 254 } }}
            />
            <TextField
              label={t('fields.topic')}
              required
              {...field('topic')}
              error={Boolean(topicError)}
              helperText={topicError ?? t('topicHint', { max: TOPIC_MAX_LENGTH, length: topicLength })}
              slotProps={{ htmlInput: { 'data-testid': 'support-topic', maxLength: TOPIC_MAX_LENGTH } }}
            />
            <TextField
              label={t('fields.description')}
              required
              multiline
              minRows={5}
              {...field('description')}
              error={Boolean(descriptionError)}
              helperText={descriptionError}
              slotProps={{
                htmlInput: { 'data-testid': 'support-description', maxLength: DESCRIPTION_MAX_LENGTH },
              }}
            />
            <Box>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
                <Button component="label" variant="outlined" startIcon={<AttachFileIcon />} sx={{ alignSelf: 'flex-start' }}>
                  {t('fields.screenshot')}
                  <input
                    key={fileKey}
                    hidden
                    type="file"
                    name="image"
                    accept={SCREENSHOT_TYPES.join(',')}
                    data-testid="support-screenshot"
                    onChange={(e) => {
                      setValue('image', e.target.files?.[0] ?? null);
                      clearErrors('image');
                    }}
                  />
                </Button>
                <Typography
                  variant="body2"
                  color={imageError ? 'error' : 'text.secondary'}
                  sx={{ overflowWrap: 'anywhere' }}
                  data-testid="support-screenshot-name"
                >
                  {imageError ??
                    (screenshot
                      ? `${screenshot.name} (${formatBytes(screenshot.size)})`
                      : t('screenshotHint', { size: formatBytes(SCREENSHOT_MAX_BYTES) }))}
                </Typography>
              </Stack>
            </Box>
            <FormAlert status={status} onClose={() => setStatus(null)} />
            <Box>
              <Button
                type="submit"
                variant="contained"
                color="success"
                endIcon={<SendIcon />}
                disabled={create.isPending}
                data-testid="support-submit"
              >
                {t('send')}
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
};
