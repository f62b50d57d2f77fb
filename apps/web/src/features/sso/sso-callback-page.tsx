import { Alert, Button, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { SignInCard } from '../../components/sign-in-card';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { removeBootShell } from '../../lib/boot-shell';
import { exchangeSso } from './api/exchange-sso';

/** One exchange per code, however often the page's effect runs (React's strict mode runs it twice). */
const exchanges = new Map<string, ReturnType<typeof exchangeSso>>();

/** The one-time code of the fragment (`#code=…`), taken off the address at once. */
const takeCode = (): string | null => {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  return code;
};

/**
 * /login/sso (issue 29): where the server sends the browser back from the company's provider. The session is never in
 * the address: its one-time code (60 seconds) is in the fragment, which is not sent to any server; it is exchanged here
 * for the session, kept as the password sign-in keeps it, and the dashboard opens.
 */
export const SsoCallbackPage = () => {
  const { t } = useTranslation(['sso', 'common', 'auth']);
  useLayoutEffect(removeBootShell, []);
  const navigate = useNavigate();
  const [code] = useState(takeCode);
  const [error, setError] = useState<string | null>(code ? null : t('auth:sso.errors.expired'));

  useEffect(() => {
    if (!code) return;
    let exchange = exchanges.get(code);
    if (!exchange) {
      exchange = exchangeSso({ code });
      exchanges.set(code, exchange);
    }
    let current = true;
    exchange.then(
      () => {
        if (current) void navigate('/dashboard', { replace: true });
      },
      (err: unknown) => {
        if (current) setError(err instanceof ApiError ? err.firstFieldMessage : t('common:errors.connection'));
      },
    );
    return () => {
      current = false;
    };
  }, [code, navigate, t]);

  return (
    <SignInCard>
      <CardContent sx={{ p: 4 }}>
        {error ? (
          <Stack spacing={2}>
            <Typography variant="h6" component="h1">
              {t('callback.failed')}
            </Typography>
            <Alert severity="error" data-testid="sso-callback-error">
              {error}
            </Alert>
            <Button component={RouterLink} to="/login" variant="contained">
              {t('callback.back')}
            </Button>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Spinner label={t('callback.working')} />
            <Typography component="h1">{t('callback.working')}</Typography>
          </Stack>
        )}
      </CardContent>
    </SignInCard>
  );
};
