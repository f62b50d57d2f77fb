import { Alert, Box, Button, CardContent, Stack, TextField, Typography } from '@mui/material';
import type { LoginBody } from '@rfid/contract';
import { lazy, Suspense, useLayoutEffect, useState } from 'react';
import { type FieldError, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { SignInCard } from '../../components/sign-in-card';
import { ApiError } from '../../lib/api-client';
import { removeBootShell } from '../../lib/boot-shell';
import i18n from '../../lib/i18n';
import { isAuthenticated } from '../../lib/storage';
import { SsoLoginLink } from '../sso';
import { type LoginOutcome, useLogin } from './api/login';

/** The contract's message for a blank field. */
const BLANK = 'This field may not be blank.';

/**
 * The contract's login rules, loaded with Zod on the form's first check (its first submit) instead of with the page:
 * the first page a visitor opens stays small (README, Performance: /login's JavaScript ≤ 250 KB gzip).
 */
const loginRules: Resolver<LoginBody> = async (values, context, options) =>
  (await import('./login-rules')).loginResolver(values, context, options);

/** The second step and the required enrolment (issue 29), in chunks of their own: /login's first load stays small. */
const MfaStep = lazy(async () => ({ default: (await import('./mfa-step')).MfaStep }));
const MfaEnrolStep = lazy(async () => {
  const [module] = await Promise.all([import('./mfa-enrol-step'), i18n.loadNamespaces(['account-security'])]);
  return { default: module.MfaEnrolStep };
});

/**
 * Login: no header or footer; empty fields are flagged and no call is made. A user with a second factor then enters
 * its code (or a recovery code); an administrator whose company requires one sets it up first.
 */
export const LoginPage = () => {
  const { t } = useTranslation(['auth', 'common']);
  // The card shown before the code ran (boot.ts) gives way to this one in the same commit.
  useLayoutEffect(removeBootShell, []);
  const navigate = useNavigate();
  // Back to the page that asked for the sign-in (the guard's or /chart's `from`), else the dashboard.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const target = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Exclude<LoginOutcome, { kind: 'signed-in' }> | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginBody>({
    // The contract's login rules (blank fields are refused here, no call is made); checked again as the user types.
    resolver: loginRules,
    defaultValues: { username: '', password: '' },
  });
  if (isAuthenticated()) return <Navigate to={target} replace />;

  const submit = handleSubmit((values) => {
    setError(null);
    login.mutate(values, {
      onSuccess: (outcome) => (outcome.kind === 'signed-in' ? void navigate(target, { replace: true }) : setStep(outcome)),
      onError: (err) => setError(err instanceof ApiError ? err.firstFieldMessage : t('common:errors.connection')),
    });
  });
  /** A blank field reads the page's own "required"; the contract's other messages (too long) as they are. */
  const helperText = (fieldError: FieldError | undefined) =>
    fieldError ? (fieldError.message === BLANK ? t('login.required') : fieldError.message) : ' ';

  return (
    <SignInCard>
      {step ? (
        <CardContent sx={{ p: 4 }}>
          <Suspense fallback={null}>
            {step.kind === 'mfa' ? (
              <MfaStep
                username={step.username}
                mfaToken={step.mfaToken}
                onSignedIn={() => void navigate(target, { replace: true })}
                onBack={() => setStep(null)}
              />
            ) : (
              <MfaEnrolStep
                username={step.username}
                mfaToken={step.mfaToken}
                onSignedIn={() => void navigate(target, { replace: true })}
                onBack={() => setStep(null)}
              />
            )}
          </Suspense>
        </CardContent>
      ) : (
        <CardContent component="form" onSubmit={submit} noValidate sx={{ p: 4 }}>
          <Stack spacing={2.5}>
            <Box>
              <Typography variant="h5" color="primary" sx={{ fontWeight: 700 }}>
                Bionix RFID
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('login.subtitle')}
              </Typography>
            </Box>
            <Typography variant="h6">{t('login.title')}</Typography>
            <TextField
              label={t('fields.username')}
              autoComplete="username"
              {...register('username')}
              error={Boolean(errors.username)}
              helperText={helperText(errors.username)}
              fullWidth
              autoFocus
            />
            <TextField
              label={t('fields.password')}
              type="password"
              autoComplete="current-password"
              {...register('password')}
              error={Boolean(errors.password)}
              helperText={helperText(errors.password)}
              fullWidth
            />
            {error && (
              <Alert severity="error" data-testid="login-error">
                {error}
              </Alert>
            )}
            <Button type="submit" variant="contained" size="large" disabled={login.isPending}>
              {t('login.submit')}
            </Button>
          </Stack>
        </CardContent>
      )}
      {!step && <SsoLoginLink />}
    </SignInCard>
  );
};
