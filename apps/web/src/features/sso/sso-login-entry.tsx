import { Alert, Button, Stack, TextField } from '@mui/material';
import type { SsoError } from '@rfid/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { startSso } from './api/start-sso';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * The reasons the callback may give (the contract's SsoError), written here: importing the contract's values would load
 * its Zod schemas with the sign-in page (README, Performance: /login's JavaScript ≤ 250 KB gzip).
 */
export const SSO_REASONS = [
  'expired',
  'denied',
  'no_role',
  'no_user',
  'inactive',
  'provider',
  'disabled',
] as const satisfies readonly SsoError[];
const isSsoError = (value: string | null): value is SsoError => SSO_REASONS.some((known) => known === value);

/**
 * Below the password form: why a sign-in through the company's provider was refused (`?sso_error=`), and the button
 * that asks for the e-mail and goes to the company's provider.
 */
export const SsoLoginEntry = () => {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const ssoError = params.get('sso_error');
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const value = email.trim();
    if (!value) return setFieldError(t('sso.entry.required'));
    if (!EMAIL.test(value)) return setFieldError(t('sso.entry.invalid'));
    setFieldError(null);
    setPending(true);
    try {
      const { url } = await startSso({ email: value });
      window.location.assign(url);
    } catch (err) {
      setPending(false);
      setError(err instanceof ApiError ? err.firstFieldMessage : t('common:errors.connection'));
    }
  };

  return (
    <Stack spacing={2} sx={{ px: 4, pb: 4 }} data-testid="sso-entry">
      {ssoError !== null && (
        <Alert severity="error" data-testid="sso-error">
          {t(`sso.errors.${isSsoError(ssoError) ? ssoError : 'provider'}`)}
        </Alert>
      )}
      {open ? (
        <Stack component="form" spacing={2} noValidate onSubmit={(e) => void submit(e)}>
          <TextField
            label={t('sso.entry.email')}
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={fieldError !== null}
            helperText={fieldError ?? t('sso.entry.emailHint')}
            slotProps={{ htmlInput: { 'data-testid': 'sso-email' } }}
            fullWidth
          />
          {error && (
            <Alert severity="error" data-testid="sso-start-error">
              {error}
            </Alert>
          )}
          <Button type="submit" variant="outlined" size="large" disabled={pending} data-testid="sso-continue">
            {t('sso.entry.continue')}
          </Button>
        </Stack>
      ) : (
        <Button variant="outlined" size="large" onClick={() => setOpen(true)} data-testid="sso-open">
          {t('sso.entry.open')}
        </Button>
      )}
    </Stack>
  );
};
