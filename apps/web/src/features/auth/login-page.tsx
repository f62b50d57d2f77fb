import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { isAuthenticated } from '../../lib/storage';
import { useLogin } from './api/login';

/** Login: no header or footer; empty fields are flagged and no call is made. */
export const LoginPage = () => {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  // Back to the page that asked for the sign-in (the guard's or /chart's `from`), else the dashboard.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  const target = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (isAuthenticated()) return <Navigate to={target} replace />;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (!username.trim() || !password) return;
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => void navigate(target, { replace: true }),
        onError: (err) => setError(err instanceof ApiError ? err.firstFieldMessage : t('common:errors.connection')),
      },
    );
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(135deg, #ef6c00 0%, #ffb74d 100%)',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={6}>
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
              name="username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              error={touched && !username.trim()}
              helperText={touched && !username.trim() ? t('login.required') : ' '}
              fullWidth
              autoFocus
            />
            <TextField
              label={t('fields.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={touched && !password}
              helperText={touched && !password ? t('login.required') : ' '}
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
      </Card>
    </Box>
  );
};
