import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Card, CardContent, Stack, TextField } from '@mui/material';
import { DESCRIPTION_MAX_LENGTH, TOPIC_MAX_LENGTH } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../components/form-alert';
import { TitleText } from '../../components/page-title';
import { ScreenshotField } from './screenshot-field';
import { useSupportForm } from './use-support-form';

/**
 * Support (spec section 2): contact email, topic (3 to 120 characters), detailed description and a
 * screenshot, sent as POST /ticket/ multipart; 'support ticket created' on success. The fields
 * are checked here with the contract's ticket schema, so a wrong topic makes no call.
 */
export const SupportPage = () => {
  const { t } = useTranslation('support');
  const state = useSupportForm();
  const { field, submit, status, setStatus, topicLength, emailError, topicError, descriptionError } = state;
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Box>
        <TitleText title={t('title')} subtitle={t('intro')} />
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
            <ScreenshotField state={state} />
            <FormAlert status={status} onClose={() => setStatus(null)} />
            <Box>
              <Button
                type="submit"
                variant="contained"
                color="success"
                endIcon={<SendIcon />}
                disabled={state.isSending}
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
