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
import { ROLES, type SsoConfig } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Form, Row } from './sso-form';
import type { SsoAdminState } from './use-sso-admin';

/** A section's props: the page's state, the form being edited and the stored configuration. */
type SectionProps = { state: SsoAdminState; current: Form; stored: SsoConfig };

const useRoleOptions = () => {
  const { t } = useTranslation('sso');
  return ROLES.map((r) => (
    <MenuItem key={r} value={String(r)}>
      {t(`admin.role${r}`)}
    </MenuItem>
  ));
};

/** The rows of a group mapping (roles or locations): a group name, its value, remove; and a button adding a row. */
const RowsEditor = ({
  field,
  rows,
  set,
  valueInput,
  addLabel,
}: {
  field: 'roles' | 'locations';
  rows: Row[];
  set: SsoAdminState['set'];
  valueInput: (row: Row, i: number) => ReactNode;
  addLabel: string;
}) => {
  const { t } = useTranslation('sso');
  return (
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
};

/** A text field of the form with the server's error for `field` (or `hint`) under it. */
const FormText = ({
  state,
  field,
  label,
  value,
  onChange,
  hint = ' ',
  testId,
}: {
  state: SsoAdminState;
  field: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  testId?: string;
}) => (
  <TextField
    label={label}
    value={value}
    onChange={(e) => onChange(e.target.value)}
    error={Boolean(state.errorOf(field))}
    helperText={state.errorOf(field) ?? hint}
    {...(testId ? { slotProps: { htmlInput: { 'data-testid': testId } } } : {})}
    fullWidth
  />
);

/** The provider: enabled, issuer, client id and secret (never shown), scopes, domains and the redirect URI. */
export const ProviderSection = ({ state, current, stored }: SectionProps) => {
  const { t } = useTranslation('sso');
  const { set, errorOf } = state;
  return (
    <>
      <Typography variant="h6" component="h2">
        {t('admin.provider')}
      </Typography>
      <FormControlLabel
        control={<Switch checked={current.enabled} onChange={(e) => set({ enabled: e.target.checked })} />}
        label={t('admin.enabled')}
      />
      <FormText
        state={state}
        field="issuer"
        label={t('admin.issuer')}
        value={current.issuer}
        onChange={(issuer) => set({ issuer })}
        hint={t('admin.issuerHint')}
        testId="sso-issuer"
      />
      <FormText
        state={state}
        field="client_id"
        label={t('admin.clientId')}
        value={current.clientId}
        onChange={(clientId) => set({ clientId })}
      />
      <TextField
        label={t('admin.clientSecret')}
        type="password"
        autoComplete="new-password"
        value={current.clientSecret}
        onChange={(e) => set({ clientSecret: e.target.value })}
        error={Boolean(errorOf('client_secret'))}
        helperText={errorOf('client_secret') ?? (stored.has_client_secret ? t('admin.secretStored') : t('admin.secretNone'))}
        fullWidth
      />
      <FormText
        state={state}
        field="scopes"
        label={t('admin.scopes')}
        value={current.scopes}
        onChange={(scopes) => set({ scopes })}
      />
      <FormText
        state={state}
        field="domains"
        label={t('admin.domains')}
        value={current.domains}
        onChange={(domains) => set({ domains })}
        hint={t('admin.domainsHint')}
      />
      <TextField label={t('admin.redirectUri')} value={stored.redirect_uri} slotProps={{ input: { readOnly: true } }} fullWidth />
    </>
  );
};

/** The roles: the claim, each group's role and the default role. */
export const RolesSection = ({ state, current }: SectionProps) => {
  const { t } = useTranslation('sso');
  const { set, errorOf } = state;
  const roleOptions = useRoleOptions();
  return (
    <>
      <Divider />
      <Typography variant="h6" component="h2">
        {t('admin.roles')}
      </Typography>
      <FormText
        state={state}
        field="role_claim"
        label={t('admin.roleClaim')}
        value={current.roleClaim}
        onChange={(roleClaim) => set({ roleClaim })}
      />
      <RowsEditor
        field="roles"
        rows={current.roles}
        set={set}
        valueInput={(row, i) => (
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
        )}
        addLabel={t('admin.addRole')}
      />
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
    </>
  );
};

/** The locations: the claim and each group's location codes. */
export const LocationsSection = ({ state, current }: SectionProps) => {
  const { t } = useTranslation('sso');
  const { set, errorOf } = state;
  return (
    <>
      <Divider />
      <Typography variant="h6" component="h2">
        {t('admin.locations')}
      </Typography>
      <FormText
        state={state}
        field="locations_claim"
        label={t('admin.locationsClaim')}
        value={current.locationsClaim}
        onChange={(locationsClaim) => set({ locationsClaim })}
      />
      <RowsEditor
        field="locations"
        rows={current.locations}
        set={set}
        valueInput={(row, i) => (
          <TextField
            label={t('admin.codes')}
            value={row.value}
            onChange={(e) => set({ locations: current.locations.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)) })}
            helperText={t('admin.codesHint')}
            size="small"
            sx={{ flex: 1 }}
          />
        )}
        addLabel={t('admin.addLocation')}
      />
      {errorOf('location_map') && <Alert severity="error">{errorOf('location_map')}</Alert>}
    </>
  );
};

/** The users: just-in-time users and "SSO only". */
export const UsersSection = ({ state, current }: SectionProps) => {
  const { t } = useTranslation('sso');
  const { set } = state;
  return (
    <>
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
    </>
  );
};
