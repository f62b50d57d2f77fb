import AttachFileIcon from '@mui/icons-material/AttachFile';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import {
  DESCRIPTION_MAX_LENGTH,
  isValidTopic,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_TYPES,
  TOPIC_MAX_WORDS,
  TOPIC_MIN_WORDS,
  wordCount,
} from '@rfid/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { useCurrentLocation } from '../../lib/current-location';
import { formatBytes } from '../../lib/format';
import { roleQueryOptions } from '../auth';
import { useCreateTicket } from './api/create-ticket';

type Errors = Partial<Record<'email' | 'topic' | 'description' | 'image', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Support (spec section 2): contact email, topic (5 to 10 words), detailed description and a
 * screenshot, sent as POST /ticket/ multipart; 'support ticket created' on success. The fields
 * are checked here as the server checks them, so a wrong topic makes no call.
 */
export const SupportPage = () => {
  const { t } = useTranslation('support');
  const identity = useQuery(roleQueryOptions()).data;
  const location = useCurrentLocation();
  const create = useCreateTicket();
  const [email, setEmail] = useState<string | null>(null);
  const [topic, setTopic] = useState('');
  const [description, setDescription] = useState('');
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<FormStatus>(null);
  const [fileKey, setFileKey] = useState(0);
  // The signed-in user's email until the user types another.
  const emailValue = email ?? identity?.email ?? '';
  /** Editing a field clears its error until the next send. */
  const edited = (field: keyof Errors) => setErrors(({ [field]: _, ...rest }) => rest);
  const words = wordCount(topic);

  const validate = (): Errors => {
    const found: Errors = {};
    if (!emailValue.trim()) found.email = t('errors.emailRequired');
    else if (!EMAIL.test(emailValue.trim())) found.email = t('errors.emailInvalid');
    if (!isValidTopic(topic)) found.topic = t('errors.topicWords', { min: TOPIC_MIN_WORDS, max: TOPIC_MAX_WORDS });
    if (!description.trim()) found.description = t('errors.descriptionRequired');
    if (screenshot && !(SCREENSHOT_TYPES as readonly string[]).includes(screenshot.type)) found.image = t('errors.imageType');
    else if (screenshot && screenshot.size > SCREENSHOT_MAX_BYTES) found.image = t('errors.imageSize');
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) return;
    create.mutate(
      {
        email: emailValue,
        topic,
        description,
        screenshot,
        locationId: location && location.kind !== 'company' ? location.id : null,
      },
      {
        onSuccess: () => {
          setStatus({ kind: 'success', message: t('created') });
          setTopic('');
          setDescription('');
          setScreenshot(null);
          setFileKey((k) => k + 1);
        },
        onError: (error) => {
          const failed = errorStatus(error, t('common:errors.notCompleted'));
          setStatus(failed);
        },
      },
    );
  };

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
              value={emailValue}
              onChange={(e) => {
                setEmail(e.target.value);
                edited('email');
              }}
              error={Boolean(errors.email)}
              helperText={errors.email}
              slotProps={{ htmlInput: { name: 'email', 'data-testid': 'support-email', maxLength: 254 } }}
            />
            <TextField
              label={t('fields.topic')}
              required
              value={topic}
              onChange={(e) => {
                setTopic(e.target.value);
                edited('topic');
              }}
              error={Boolean(errors.topic)}
              helperText={errors.topic ?? t('topicHint', { min: TOPIC_MIN_WORDS, max: TOPIC_MAX_WORDS, count: words })}
              slotProps={{ htmlInput: { name: 'topic', 'data-testid': 'support-topic', maxLength: 200 } }}
            />
            <TextField
              label={t('fields.description')}
              required
              multiline
              minRows={5}
              value={description}
              onChange={(e) => {
                setDescription(e.target.value);
                edited('description');
              }}
              error={Boolean(errors.description)}
              helperText={errors.description}
              slotProps={{
                htmlInput: { name: 'description', 'data-testid': 'support-description', maxLength: DESCRIPTION_MAX_LENGTH },
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
                      setScreenshot(e.target.files?.[0] ?? null);
                      edited('image');
                    }}
                  />
                </Button>
                <Typography
                  variant="body2"
                  color={errors.image ? 'error' : 'text.secondary'}
                  sx={{ overflowWrap: 'anywhere' }}
                  data-testid="support-screenshot-name"
                >
                  {errors.image ??
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
