import { Alert, Box, Button, Typography } from '@mui/material';
import { canDo, Role } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../components/form-card';
import { TitledPage } from '../../components/page-title';
import { GatedPage } from '../auth';
import { LocationsSection, ProviderSection, RolesSection, UsersSection } from './sso-admin-sections';
import { useSsoAdmin } from './use-sso-admin';

/**
 * Company sign-in (/administrador/sso, issue 29; role 1): the company's OpenID Connect provider, the e-mail domains
 * sent to it, how its groups map to roles and locations, just-in-time users and "SSO only". The client secret is never
 * shown; left empty, the stored one stays.
 */
export const SsoAdminPage = () => (
  <GatedPage ns="sso" notAllowedKey="admin.notAllowed" allows={(role) => canDo(role, Role.CompanyAdmin)}>
    <SsoAdmin />
  </GatedPage>
);

const SsoAdmin = () => {
  const { t } = useTranslation(['sso', 'shell', 'common']);
  const state = useSsoAdmin();
  const { config, save, current, formError } = state;
  return (
    <TitledPage title={t('admin.title')} subtitle={t('admin.subtitle')}>
      <FormCard
        onSubmit={state.submit}
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
            <ProviderSection state={state} current={current} stored={config.data} />
            <RolesSection state={state} current={current} stored={config.data} />
            <LocationsSection state={state} current={current} stored={config.data} />
            <UsersSection state={state} current={current} stored={config.data} />
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
    </TitledPage>
  );
};
