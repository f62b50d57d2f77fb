import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Button, IconButton, InputAdornment, Stack, TextField, Tooltip } from '@mui/material';
import type { ApiKeyCreated } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { SimpleDialog } from '../../components/simple-dialog';
import { notify } from '../../lib/notifier';

/** The key just made, shown this once, with a copy button: only its hash is kept, so it cannot be shown again. */
export const ApiKeyShownDialog = ({ created, onClose }: { created: ApiKeyCreated; onClose: () => void }) => {
  const { t } = useTranslation('api-keys');
  const copy = () =>
    navigator.clipboard.writeText(created.key).then(
      () => notify(t('shown.copied'), 'success'),
      () => notify(t('shown.copyFailed'), 'error'),
    );
  return (
    <SimpleDialog
      open
      onClose={onClose}
      title={t('shown.title', { name: created.name })}
      testId="api-key-shown-dialog"
      actions={
        <Button variant="contained" onClick={onClose} data-testid="api-key-shown-close">
          {t('shown.done')}
        </Button>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Alert severity="warning">{t('shown.once')}</Alert>
        <TextField
          label={t('shown.key')}
          value={created.key}
          fullWidth
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'api-key-value', style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('shown.copy')}>
                    <IconButton aria-label={t('shown.copy')} onClick={() => void copy()} data-testid="api-key-copy">
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        <Alert severity="info">{t('shown.usage')}</Alert>
      </Stack>
    </SimpleDialog>
  );
};
