import { Alert, Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { loginMfa } from './api/login';

/** The sign-in's steps after the password: whose, the server's token of the first step, what ends them. */
export type MfaStepProps = {
  username: string;
  mfaToken: string;
  onSignedIn: () => void;
  onBack: () => void;
};

/** The sign-in's second step (issue 29): the authenticator app's code, or one recovery code. Loaded only when needed. */
export const MfaStep = ({ username, mfaToken, onSignedIn, onBack }: MfaStepProps) => {
  const { t } = useTranslation(['auth', 'common']);
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await loginMfa({ username, mfa_token: mfaToken, ...(useRecovery ? { recovery_code: value } : { code: value }) });
      onSignedIn();
    } catch (err) {
      setError(err instanceof ApiError ? err.firstFieldMessage : t('common:errors.connection'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate data-testid="mfa-step">
      <Typography variant="h6">{t('mfa.title')}</Typography>
      <Typography variant="body2">{t('mfa.text')}</Typography>
      <TextField
        label={useRecovery ? t('mfa.recoveryCode') : t('mfa.code')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoFocus
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { 'data-testid': 'mfa-code', ...(useRecovery ? {} : { inputMode: 'numeric' }) } }}
      />
      {error && (
        <Alert severity="error" data-testid="login-error">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy || value.trim() === ''}>
        {t('mfa.submit')}
      </Button>
      <Link
        component="button"
        type="button"
        onClick={() => {
          setUseRecovery(!useRecovery);
          setValue('');
        }}
      >
        {useRecovery ? t('mfa.useCode') : t('mfa.useRecovery')}
      </Link>
      <Link component="button" type="button" onClick={onBack}>
        {t('mfa.back')}
      </Link>
    </Stack>
  );
};
