import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Box,
  Button,
  Divider,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { canDo, ROLES, Role, type SsoConfig, type SsoConfigBody } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../components/form-card';
import { PageTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api-client';
import { notify } from '../../lib/notifier';
import { useRole } from '../auth';
import { useSsoConfig } from './api/get-sso-config';
import { useSaveSsoConfig } from './api/save-sso-config';

/**
 * Company sign-in (/administrador/sso, issue 29; role 1): the company's OpenID Connect provider, the e-mail domains
 * sent to it, how its groups map to roles and locations, just-in-time users and "SSO only". The client secret is never
 * shown; left empty, the stored one stays.
 */
export const SsoAdminPage = () => {
  const role = useRole();
  const { t } = useTranslation('sso');
  if (role === undefined) return null;
  if (!canDo(role, Role.CompanyAdmin)) {
    return (
      <Alert severity="warning" data-testid="not-allowed">
        {t('admin.notAllowed')}
      </Alert>
    );
  }
  return <SsoAdmin />;
};

type Row = { key: string; value: string };
type Form = {
  enabled: boolean;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  domains: string;
  roleClaim: string;
  roles: Row[];
  defaultRole: string;
  locationsClaim: string;
  locations: Row[];
  jit: boolean;
  ssoOnly: boolean;
};

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const toForm = (c: SsoConfig): Form => ({
  enabled: c.enabled,
  issuer: c.issuer,
  clientId: c.client_id,
  clientSecret: '',
  scopes: c.scopes,
  domains: c.domains.join(', '),
  roleClaim: c.role_claim,
  roles: Object.entries(c.role_map).map(([key, value]) => ({ key, value: String(value) })),
  defaultRole: c.default_role === null ? '' : String(c.default_role),
  locationsClaim: c.locations_claim,
  locations: Object.entries(c.location_map).map(([key, codes]) => ({ key, value: codes.join(', ') })),
  jit: c.jit_users,
  ssoOnly: c.sso_only,
});

const toBody = (f: Form): SsoConfigBody => ({
  enabled: f.enabled,
  issuer: f.issuer.trim(),
  client_id: f.clientId.trim(),
  client_secret: f.clientSecret,
  scopes: f.scopes,
  domains: list(f.domains),
  role_claim: f.roleClaim,
  role_map: Object.fromEntries(f.roles.filter((r) => r.key.trim()).map((r) => [r.key.trim(), Number(r.value)])),
  default_role: f.defaultRole ? Number(f.defaultRole) : null,
  locations_claim: f.locationsClaim,
  location_map: Object.fromEntries(f.locations.filter((r) => r.key.trim()).map((r) => [r.key.trim(), list(r.value)])),
  jit_users: f.jit,
  sso_only: f.ssoOnly,
});

const SsoAdmin = () => {
  const { t } = useTranslation(['sso', 'shell', 'common']);
  const config = useSsoConfig(true);
  const save = useSaveSsoConfig();
  const [form, setForm] = useState<Form | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const current = form ?? (config.data ? toForm(config.data) : null);
  const set = (patch: Partial<Form>) => current && setForm({ ...current, ...patch });
  /** The server's messages for a field (and its entries, `role_map.x`). */
  const errorOf = (field: string) =>
    Object.entries(errors)
      .filter(([key]) => key === field || key.startsWith(`${field}.`))
      .flatMap(([, messages]) => messages)
      .join(' ') || undefined;

  const submit = () => {
    if (!current) return;
    setFormError(null);
    save.mutate(toBody(current), {
      onSuccess: (saved) => {
        setErrors({});
        setForm(toForm(saved));
        notify(t('admin.saved'), 'success');
      },
      onError: (err) => {
        if (err instanceof ApiError && err.body.errors) setErrors(err.body.errors);
        setFormError(err instanceof ApiError ? err.firstFieldMessage : t('common:errors.connection'));
      },
    });
  };

  const roleOptions = ROLES.map((r) => (
    <MenuItem key={r} value={String(r)}>
      {t(`admin.role${r}`)}
    </MenuItem>
  ));
  const rowsEditor = (
    field: 'roles' | 'locations',
    rows: Row[],
    valueInput: (row: Row, i: number) => React.ReactNode,
    addLabel: string,
  ) => (
    <Stack spacing={1.5}>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; a row's place is its identity while editing.
        <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t('admin.group')}
            value={row.key}
            onChange={(e) => set({ [field]: rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)) })}
            size="small"
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { 'data-testid': `${field}-key-${i}` } }}
          />
          <Box sx={{ flex: 1, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            {valueInput(row, i)}
            <IconButton aria-label={t('admin.remove')} onClick={() => set({ [field]: rows.filter((_, j) => j !== i) })}>
              <DeleteIcon />
            </IconButton>
          </Box>
        </Stack>
      ))}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => set({ [field]: [...rows, { key: '', value: field === 'roles' ? '5' : '' }] })}
        >
          {addLabel}
        </Button>
      </Box>
    </Stack>
  );

  return (
    <Stack spacing={2}>
      <PageTitle title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <FormCard
        onSubmit={submit}
        maxWidth={900}
        loading={
          current ? undefined : config.isError ? (
            <Alert severity="error">{t('common:errors.connection')}</Alert>
          ) : (
            <Typography>…</Typography>
          )
        }
      >
        {current && config.data && (
          <>
            <Typography variant="h6" component="h2">
              {t('admin.provider')}
            </Typography>
            <FormControlLabel
              control={<Switch checked={current.enabled} onChange={(e) => set({ enabled: e.target.checked })} />}
              label={t('admin.enabled')}
            />
            <TextField
              label={t('admin.issuer')}
              value={current.issuer}
              onChange={(e) => set({ issuer: e.target.value })}
              error={Boolean(errorOf('issuer'))}
              helperText={errorOf('issuer') ?? t('admin.issuerHint')}
              slotProps={{ htmlInput: { 'data-testid': 'sso-issuer' } }}
              fullWidth
            />
            <TextField
              label={t('admin.clientId')}
              value={current.clientId}
              onChange={(e) => set({ clientId: e.target.value })}
              error={Boolean(errorOf('client_id'))}
              helperText={errorOf('client_id') ?? ' '}
              fullWidth
            />
            <TextField
              label={t('admin.clientSecret')}
              type="password"
              autoComplete="new-password"
              value={current.clientSecret}
              onChange={(e) => set({ clientSecret: e.target.value })}
              error={Boolean(errorOf('client_secret'))}
              helperText={
                errorOf('client_secret') ?? (config.data.has_client_secret ? t('admin.secretStored') : t('admin.secretNone'))
              }
              fullWidth
            />
            <TextField
              label={t('admin.scopes')}
              value={current.scopes}
              onChange={(e) => set({ scopes: e.target.value })}
              error={Boolean(errorOf('scopes'))}
              helperText={errorOf('scopes') ?? ' '}
              fullWidth
            />
            <TextField
              label={t('admin.domains')}
              value={current.domains}
              onChange={(e) => set({ domains: e.target.value })}
              error={Boolean(errorOf('domains'))}
              helperText={errorOf('domains') ?? t('admin.domainsHint')}
              fullWidth
            />
            <TextField
              label={t('admin.redirectUri')}
              value={config.data.redirect_uri}
              slotProps={{ input: { readOnly: true } }}
              fullWidth
            />
            <Divider />
            <Typography variant="h6" component="h2">
              {t('admin.roles')}
            </Typography>
            <TextField
              label={t('admin.roleClaim')}
              value={current.roleClaim}
              onChange={(e) => set({ roleClaim: e.target.value })}
              error={Boolean(errorOf('role_claim'))}
              helperText={errorOf('role_claim') ?? ' '}
              fullWidth
            />
            {rowsEditor(
              'roles',
              current.roles,
              (row, i) => (
                <TextField
                  select
                  label={t('admin.role')}
                  value={row.value}
                  onChange={(e) => set({ roles: current.roles.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)) })}
                  size="small"
                  sx={{ flex: 1 }}
                >
                  {roleOptions}
                </TextField>
              ),
              t('admin.addRole'),
            )}
            {errorOf('role_map') && <Alert severity="error">{errorOf('role_map')}</Alert>}
            <TextField
              select
              label={t('admin.defaultRole')}
              value={current.defaultRole}
              onChange={(e) => set({ defaultRole: e.target.value })}
              error={Boolean(errorOf('default_role'))}
              helperText={errorOf('default_role') ?? ' '}
              fullWidth
            >
              <MenuItem value="">{t('admin.noDefault')}</MenuItem>
              {roleOptions}
            </TextField>
            <Divider />
            <Typography variant="h6" component="h2">
              {t('admin.locations')}
            </Typography>
            <TextField
              label={t('admin.locationsClaim')}
              value={current.locationsClaim}
              onChange={(e) => set({ locationsClaim: e.target.value })}
              error={Boolean(errorOf('locations_claim'))}
              helperText={errorOf('locations_claim') ?? ' '}
              fullWidth
            />
            {rowsEditor(
              'locations',
              current.locations,
              (row, i) => (
                <TextField
                  label={t('admin.codes')}
                  value={row.value}
                  onChange={(e) =>
                    set({ locations: current.locations.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)) })
                  }
                  helperText={t('admin.codesHint')}
                  size="small"
                  sx={{ flex: 1 }}
                />
              ),
              t('admin.addLocation'),
            )}
            {errorOf('location_map') && <Alert severity="error">{errorOf('location_map')}</Alert>}
            <Divider />
            <Typography variant="h6" component="h2">
              {t('admin.users')}
            </Typography>
            <FormControlLabel
              control={<Switch checked={current.jit} onChange={(e) => set({ jit: e.target.checked })} />}
              label={t('admin.jit')}
            />
            <FormControlLabel
              control={<Switch checked={current.ssoOnly} onChange={(e) => set({ ssoOnly: e.target.checked })} />}
              label={t('admin.ssoOnly')}
            />
            {formError && (
              <Alert severity="error" data-testid="sso-save-error">
                {formError}
              </Alert>
            )}
            <Box>
              <Button type="submit" variant="contained" disabled={save.isPending} data-testid="sso-save">
                {t('common:actions.save')}
              </Button>
            </Box>
          </>
        )}
      </FormCard>
    </Stack>
  );
};
