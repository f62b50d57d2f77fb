import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notifier';

/** A signing secret, shown this once (at creation or after a rotation), with a copy button. */
export const WebhookSecretDialog = ({
  secret,
  previousUntil,
  onClose,
}: {
  secret: string;
  /** After a rotation: until when the previous secret still signs. */
  previousUntil?: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation('webhooks');
  const copy = () =>
    navigator.clipboard?.writeText(secret).then(
      () => notify(t('secret.copied'), 'success'),
      () => {},
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="webhook-secret-dialog">
      <DialogTitle>{t('secret.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">{t('secret.once')}</Alert>
          <Typography
            component="code"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', bgcolor: 'grey.100', p: 1, borderRadius: 1 }}
            data-testid="webhook-secret"
          >
            {secret}
          </Typography>
          {previousUntil && (
            <Typography variant="body2" color="text.secondary">
              {t('secret.previousUntil', { date: formatDateTime(previousUntil) })}
            </Typography>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>{t('secret.copy')}</Button>
        <Button variant="contained" onClick={onClose} data-testid="webhook-secret-close">
          {t('secret.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
