import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notifier';

/** The recovery codes, shown this once: each signs in once without the app. Copy, download, then go on. */
export const RecoveryCodesView = ({ codes, onDone }: { codes: string[]; onDone: () => void }) => {
  const { t } = useTranslation('account-security');
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    notify(t('codes.copied'), 'success');
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={2} data-testid="recovery-codes">
      <Alert severity="warning">{t('codes.once')}</Alert>
      <Box
        component="ol"
        sx={{ fontFamily: 'monospace', columns: { xs: 1, sm: 2 }, m: 0, pl: 4, bgcolor: 'action.hover', py: 1, borderRadius: 1 }}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            <Typography component="span" sx={{ fontFamily: 'monospace' }}>
              {code}
            </Typography>
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {t('codes.copy')}
        </Button>
        <Button variant="outlined" onClick={download}>
          {t('codes.download')}
        </Button>
        <Button variant="contained" onClick={onDone} data-testid="codes-done">
          {t('codes.done')}
        </Button>
      </Stack>
    </Stack>
  );
};
