import { Alert, Button, Link, Stack, Typography } from '@mui/material';
import type { SessionResponse, TotpEnrolment } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { RecoveryCodesView, TotpSetup } from '../account-security';
import { confirmRequiredEnrolment, keepSession, startRequiredEnrolment } from './api/login';
import type { MfaStepProps } from './mfa-step';

/**
 * The enrolment a company requires of its administrators before any session (issue 29): the secret, the first code,
 * then the recovery codes; the session is kept once the user has them. Loaded only when needed (with the QR code).
 */
export const MfaEnrolStep = ({ username, mfaToken, onSignedIn, onBack }: MfaStepProps) => {
  const { t } = useTranslation(['auth', 'common']);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [done, setDone] = useState<(SessionResponse & { recovery_codes: string[] }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    try {
      setEnrolment(await startRequiredEnrolment(mfaToken));
    } catch (err) {
      setError(err instanceof ApiError ? err.firstFieldMessage : t('common:errors.connection'));
    }
  };
  if (done)
    return (
      <RecoveryCodesView
        codes={done.recovery_codes}
        onDone={() => {
          keepSession(username, done);
          onSignedIn();
        }}
      />
    );
  return (
    <Stack spacing={2} data-testid="mfa-enrol-step">
      <Typography variant="h6">{t('enrol.title')}</Typography>
      {enrolment ? (
        <TotpSetup
          enrolment={enrolment}
          onConfirm={async (code) => setDone(await confirmRequiredEnrolment({ mfaToken, code }))}
        />
      ) : (
        <>
          <Typography variant="body2">{t('enrol.text')}</Typography>
          {error && <Alert severity="error">{error}</Alert>}
          <Button variant="contained" onClick={() => void start()}>
            {t('enrol.start')}
          </Button>
        </>
      )}
      <Link component="button" type="button" onClick={onBack}>
        {t('mfa.back')}
      </Link>
    </Stack>
  );
};
