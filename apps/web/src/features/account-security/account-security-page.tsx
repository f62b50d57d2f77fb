import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { TotpEnrolment } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TitledPage } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notifier';
import { useConfirmTotp } from './api/confirm-totp';
import { useDisableTotp } from './api/disable-totp';
import { useTotpStatus } from './api/get-totp-status';
import { useRegenerateRecoveryCodes } from './api/regenerate-recovery-codes';
import { useStartTotp } from './api/start-totp';
import { RecoveryCodesView } from './recovery-codes-view';
import { TotpSetup } from './totp-setup';

/**
 * Account security (/account/security, issue 29; every user, from the header's user menu): the TOTP second factor on
 * (QR code and manual key, the first code, recovery codes shown once) or off (with the password or a code), and new
 * recovery codes.
 */
export const AccountSecurityPage = () => {
  const { t } = useTranslation(['account-security', 'common']);
  const status = useTotpStatus();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const body = () => {
    if (codes) return <RecoveryCodesView codes={codes} onDone={() => setCodes(null)} />;
    if (enrolment)
      return (
        <TotpSetup
          enrolment={enrolment}
          busy={confirm.isPending}
          onConfirm={async (code) => {
            const answer = await confirm.mutateAsync(code);
            setEnrolment(null);
            setCodes(answer.recovery_codes);
            notify(t('on.done'), 'success');
          }}
        />
      );
    if (!status.data) return null;
    if (!status.data.enabled)
      return (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography data-testid="totp-state">{t('off.text')}</Typography>
          <Button
            variant="contained"
            disabled={start.isPending}
            onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}
          >
            {t('off.enable')}
          </Button>
        </Stack>
      );
    return (
      <Stack spacing={2}>
        <Typography data-testid="totp-state">
          {t('on.text', { date: status.data.enabled_at ? formatDateTime(status.data.enabled_at) : '' })}
        </Typography>
        <Typography variant="body2">{t('on.codesLeft', { count: status.data.recovery_codes_left })}</Typography>
        <Button
          variant="outlined"
          sx={{ alignSelf: 'flex-start' }}
          disabled={regenerate.isPending}
          onClick={() => regenerate.mutate(undefined, { onSuccess: (answer) => setCodes(answer.recovery_codes) })}
        >
          {t('on.newCodes')}
        </Button>
        {status.data.required ? <Alert severity="info">{t('on.required')}</Alert> : <DisableForm />}
      </Stack>
    );
  };

  return (
    <TitledPage sx={{ maxWidth: 640 }} title={t('title')} subtitle={t('subtitle')}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('totpTitle')}
          </Typography>
          {body()}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('password.title')}
          </Typography>
          <Typography variant="body2">{t('password.rules')}</Typography>
        </CardContent>
      </Card>
    </TitledPage>
  );
};

/** Turning the second factor off: the password, or a current code. */
const DisableForm = () => {
  const { t } = useTranslation(['account-security', 'common']);
  const disable = useDisableTotp();
  const [proof, setProof] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const value = proof.trim();
    disable.mutate(/^\d{6}$/.test(value) ? { code: value } : { password: proof }, {
      onSuccess: () => notify(t('off.done'), 'success'),
      onError: (err) => setError(err instanceof ApiError ? err.firstFieldMessage : t('common:errors.connection')),
    });
  };
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <Typography variant="subtitle2">{t('disable.title')}</Typography>
      <TextField
        type="password"
        label={t('disable.proof')}
        value={proof}
        onChange={(e) => setProof(e.target.value)}
        autoComplete="current-password"
        slotProps={{ htmlInput: { 'data-testid': 'disable-proof' } }}
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        type="submit"
        color="error"
        variant="outlined"
        disabled={disable.isPending || proof === ''}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('disable.submit')}
      </Button>
    </Stack>
  );
};
