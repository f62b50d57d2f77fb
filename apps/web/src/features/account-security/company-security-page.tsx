import { Card, CardContent, FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TitledPage } from '../../components/page-title';
import { notify } from '../../lib/notifier';
import { GatedPage } from '../auth';
import { useCompanySecurity, usePutCompanySecurity } from './api/company-security';

/** The company's sign-in rules (/admin/security, issue 29; role 1): require a second factor of its administrators. */
export const CompanySecurityPage = () => (
  <GatedPage ns="account-security" notAllowedKey="company.notAllowed" allows={(role) => role === 1}>
    <CompanySecurityForm />
  </GatedPage>
);

const CompanySecurityForm = () => {
  const { t } = useTranslation('account-security');
  const security = useCompanySecurity();
  const save = usePutCompanySecurity();
  return (
    <TitledPage sx={{ maxWidth: 640 }} title={t('company.title')}>
      <Card>
        <CardContent>
          <Stack spacing={1}>
            <FormControlLabel
              control={
                <Switch
                  checked={security.data?.mfa_required_admins ?? false}
                  disabled={!security.data || save.isPending}
                  onChange={(e) =>
                    save.mutate(
                      { mfa_required_admins: e.target.checked },
                      { onSuccess: () => notify(t('company.saved'), 'success') },
                    )
                  }
                  slotProps={{ input: { 'aria-describedby': 'mfa-admins-help' } }}
                />
              }
              label={t('company.mfaAdmins')}
            />
            <Typography id="mfa-admins-help" variant="body2" color="text.secondary">
              {t('company.mfaAdminsHelp')}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </TitledPage>
  );
};
