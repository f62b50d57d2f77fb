import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Box, Button, Stack, Typography } from '@mui/material';
import { SCREENSHOT_MAX_BYTES, SCREENSHOT_TYPES } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../lib/format';
import type { SupportFormState } from './use-support-form';

/** The screenshot: a button picking the file, and its name and size, or its error, or the size allowed. */
export const ScreenshotField = ({ state }: { state: SupportFormState }) => {
  const { t } = useTranslation('support');
  const { fileKey, imageError, screenshot } = state;
  const { setValue, clearErrors } = state.form;
  return (
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
  );
};
