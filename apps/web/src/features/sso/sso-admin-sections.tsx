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
import { type Form, type Row, TEXT_BODY_FIELDS, type TextName } from './sso-form';
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

type ValueInput = { label: string; hint?: string; options?: ReactNode };

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
  /** A row's value field: its label, its hint, and its options when it is a select. */
  valueInput: ValueInput;
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
            <TextField
              select={valueInput.options !== undefined}
              label={valueInput.label}
              value={row.value}
              onChange={(e) => set({ [field]: rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)) })}
              helperText={valueInput.hint}
              size="small"
              sx={{ flex: 1 }}
            >
              {valueInput.options}
            </TextField>
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

/** The form's text field `name`, with the server's error for its body field (or `hint`) under it. */
const FormText = ({
  state,
  current,
  name,
  label,
  hint = ' ',
  testId,
}: Omit<SectionProps, 'stored'> & { name: TextName; label: string; hint?: string; testId?: string }) => (
  <TextField
    label={label}
    value={current[name]}
    onChange={(e) => state.set({ [name]: e.target.value })}
    error={Boolean(state.errorOf(TEXT_BODY_FIELDS[name]))}
    helperText={state.errorOf(TEXT_BODY_FIELDS[name]) ?? hint}
    {...(testId ? { slotProps: { htmlInput: { 'data-testid': testId } } } : {})}
    fullWidth
  />
);

/** A section's title, under a divider but for the first section. */
const SectionHeading = ({ title, isFirst = false }: { title: string; isFirst?: boolean }) => (
  <>
    {!isFirst && <Divider />}
    <Typography variant="h6" component="h2">
      {title}
    </Typography>
  </>
);

/** A switch of the form, with its label. */
const FormSwitch = ({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) => (
  <FormControlLabel control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={label} />
);

/** The provider: enabled, issuer, client id and secret (never shown), scopes, domains and the redirect URI. */
export const ProviderSection = ({ state, current, stored }: SectionProps) => {
  const { t } = useTranslation('sso');
  const { set, errorOf } = state;
  return (
    <>
      <SectionHeading title={t('admin.provider')} isFirst />
      <FormSwitch label={t('admin.enabled')} checked={current.enabled} onChange={(enabled) => set({ enabled })} />
      <FormText
        state={state}
        current={current}
        name="issuer"
        label={t('admin.issuer')}
        hint={t('admin.issuerHint')}
        testId="sso-issuer"
      />
      <FormText state={state} current={current} name="clientId" label={t('admin.clientId')} />
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
      <FormText state={state} current={current} name="scopes" label={t('admin.scopes')} />
      <FormText state={state} current={current} name="domains" label={t('admin.domains')} hint={t('admin.domainsHint')} />
      <TextField label={t('admin.redirectUri')} value={stored.redirect_uri} slotProps={{ input: { readOnly: true } }} fullWidth />
    </>
  );
};

/**
 * What differs between the two group mappings: the form's claim (its label is `admin.<claim>`), the mapping's body
 * field (the server names it in its errors) and the add button's text.
 */
const GROUP_MAPS = {
  roles: { claim: 'roleClaim', mapField: 'role_map', addLabel: 'admin.addRole' },
  locations: { claim: 'locationsClaim', mapField: 'location_map', addLabel: 'admin.addLocation' },
} as const;

/** A group mapping (`map`, also its title `admin.<map>`): the claim naming the user's groups, each group's value. */
const GroupMapSection = ({
  state,
  current,
  map,
  valueInput,
  children,
}: Omit<SectionProps, 'stored'> & { map: keyof typeof GROUP_MAPS; valueInput: ValueInput; children?: ReactNode }) => {
  const { t } = useTranslation('sso');
  const { set, errorOf } = state;
  const { claim, mapField, addLabel } = GROUP_MAPS[map];
  return (
    <>
      <SectionHeading title={t(`admin.${map}`)} />
      <FormText state={state} current={current} name={claim} label={t(`admin.${claim}`)} />
      <RowsEditor field={map} rows={current[map]} set={set} valueInput={valueInput} addLabel={t(addLabel)} />
      {errorOf(mapField) && <Alert severity="error">{errorOf(mapField)}</Alert>}
      {children}
    </>
  );
};

/** The roles: the claim, each group's role and the default role. */
export const RolesSection = ({ state, current }: SectionProps) => {
  const { t } = useTranslation('sso');
  const { set, errorOf } = state;
  const roleOptions = useRoleOptions();
  return (
    <GroupMapSection state={state} current={current} map="roles" valueInput={{ label: t('admin.role'), options: roleOptions }}>
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
    </GroupMapSection>
  );
};

/** The locations: the claim and each group's location codes. */
export const LocationsSection = ({ state, current }: SectionProps) => {
  const { t } = useTranslation('sso');
  return (
    <GroupMapSection
      state={state}
      current={current}
      map="locations"
      valueInput={{ label: t('admin.codes'), hint: t('admin.codesHint') }}
    />
  );
};

/** The users: just-in-time users and "SSO only". */
export const UsersSection = ({ state, current }: SectionProps) => {
  const { t } = useTranslation('sso');
  const { set } = state;
  return (
    <>
      <SectionHeading title={t('admin.users')} />
      <FormSwitch label={t('admin.jit')} checked={current.jit} onChange={(jit) => set({ jit })} />
      <FormSwitch label={t('admin.ssoOnly')} checked={current.ssoOnly} onChange={(ssoOnly) => set({ ssoOnly })} />
    </>
  );
};
