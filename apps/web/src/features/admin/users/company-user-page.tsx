import { zodResolver } from '@hookform/resolvers/zod';
import { type CompanyUserBody, companyUserBodySchema } from '@rfid/contract';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FormStatus } from '../../../components/form-alert';
import { useCreateCompanyUser } from '../api/create-company-user';
import { useCompanies } from '../api/get-companies';
import { AdminForm, selectFieldsOf, textFieldsOf } from '../shared/admin-form';
import { AdminPage, FullRow } from '../shared/admin-page';
import { errorText } from '../shared/form-helpers';
import { adminErrorStatus } from '../shared/messages';

type CompanyUserForm = { first_name: string; last_name: string; email: string; password: string; company: string };
const emptyForm: CompanyUserForm = { first_name: '', last_name: '', email: '', password: '', company: '' };

/** Add company user (role 1): first name, last name, email, password and company. */
export const CompanyUserPage = () => {
  const { t } = useTranslation(['admin', 'common']);
  const companies = useCompanies();
  const create = useCreateCompanyUser();
  const [status, setStatus] = useState<FormStatus>(null);
  const { register, handleSubmit, control, reset, formState } = useForm<CompanyUserForm>({
    resolver: zodResolver(companyUserBodySchema) as unknown as Resolver<CompanyUserForm>,
    defaultValues: emptyForm,
  });
  const { errors } = formState;
  const submit = handleSubmit((values) => {
    setStatus(null);
    create.mutate(values as unknown as CompanyUserBody, {
      onSuccess: () => {
        setStatus({ kind: 'success', message: t('users.added') });
        reset(emptyForm);
      },
      onError: (error) => setStatus(adminErrorStatus(error, t('users.failed'))),
    });
  });
  const text = textFieldsOf(register, errors);
  const select = selectFieldsOf(control, errors);
  return (
    <AdminPage title={t('users.companyUserTitle')} hasBack maxWidth={720} testId="company-user-form">
      <AdminForm onSubmit={submit} status={status} onStatusClose={() => setStatus(null)} isSaving={create.isPending}>
        {text('first_name', t('users.firstName'))}
        {text('last_name', t('users.lastName'))}
        {text('email', t('users.email'), { type: 'email', autoComplete: 'off' })}
        {text('password', t('users.password'), {
          type: 'password',
          autoComplete: 'new-password',
          helperText: errors.password ? errorText(errors.password) : t('users.passwordRule'),
        })}
        <FullRow>
          {select(
            'company',
            t('users.company'),
            (companies.data?.results ?? []).map((company) => ({ value: String(company.id), label: company.name })),
            { fullWidth: true },
          )}
        </FullRow>
      </AdminForm>
    </AdminPage>
  );
};
