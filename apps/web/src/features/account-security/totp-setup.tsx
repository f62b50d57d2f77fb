import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { TotpEnrolment } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';

/**
 * Adding the second factor to an authenticator app: the QR code (the server's SVG as an image: no markup of it enters
 * the page), the key to type by hand, and the first code that confirms it. Used by the account page and by the sign-in
 * a company requires it at.
 */
export const TotpSetup = ({
  enrolment,
  onConfirm,
  busy = false,
}: {
  enrolment: TotpEnrolment;
  onConfirm: (code: string) => Promise<unknown>;
  busy?: boolean;
}) => {
  const { t } = useTranslation(['account-security', 'common']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await onConfirm(code.replace(/\s+/g, ''));
    } catch (err) {
      setError(err instanceof ApiError ? err.firstFieldMessage : t('common:errors.connection'));
    }
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate data-testid="totp-setup">
      <Typography variant="body2">{t('setup.scan')}</Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
        alt={t('setup.qrAlt')}
        sx={{ width: 200, maxWidth: '100%', alignSelf: 'center', bgcolor: '#fff', p: 1 }}
      />
      <Typography variant="body2">{t('setup.manual')}</Typography>
      <Typography
        variant="body1"
        data-testid="totp-secret"
        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}
      >
        {enrolment.secret}
      </Typography>
      <TextField
        label={t('fields.code')}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { 'data-testid': 'totp-code', maxLength: 8 } }}
        helperText={t('setup.codeHelp')}
      />
      {error && (
        <Alert severity="error" data-testid="totp-error">
          {error}
        </Alert>
      )}
      <Button type="submit" variant="contained" disabled={busy || code.trim().length === 0}>
        {t('setup.confirm')}
      </Button>
    </Stack>
  );
};
