import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField } from '@mui/material';
import {
  type LocationUserCreateBody,
  type LocationUserUpdateBody,
  locationUserCreateBodySchema,
  locationUserUpdateBodySchema,
} from '@rfid/contract';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { FormStatus } from '../../../components/form-alert';
import { useLocationUser } from '../api/get-location-user';
import { useSaveLocationUser } from '../api/save-location-user';
import { AdminRecordForm, textFieldsOf } from '../shared/admin-form';
import { FullRow } from '../shared/admin-page';
import { errorText, toId } from '../shared/form-helpers';
import { adminErrorStatus } from '../shared/messages';
import { LocationsMultiSelect, type Option } from '../shared/selects';

type UserForm = {
  first_name: string;
  last_name: string;
  email: string;
  editor: boolean | undefined;
  locations: number[];
  password: string;
};
const emptyForm: UserForm = { first_name: '', last_name: '', email: '', editor: undefined, locations: [], password: '' };

/**
 * Add or edit an editor or visualizer (role select, locations as removable chips, password),
 * validated with the contract's schemas; on edit an empty password keeps the current one.
 */
export const UserFormPage = () => {
  const { t } = useTranslation(['admin', 'common']);
  const id = toId(useParams().id);
  const isEdit = id > 0;
  const user = useLocationUser(id);
  const save = useSaveLocationUser();
  const [status, setStatus] = useState<FormStatus>(null);
  const [locations, setLocations] = useState<Option[]>([]);
  const { register, handleSubmit, reset, setValue, watch, formState } = useForm<UserForm>({
    resolver: zodResolver(isEdit ? locationUserUpdateBodySchema : locationUserCreateBodySchema) as unknown as Resolver<UserForm>,
    defaultValues: emptyForm,
  });
  const { errors } = formState;
  const editor = watch('editor');

  useEffect(() => {
    if (!user.data) return;
    const { first_name, last_name, email, editor: isEditor, locations_detail } = user.data;
    reset({ first_name, last_name, email, editor: isEditor, password: '', locations: locations_detail.map((item) => item.id) });
    setLocations(locations_detail);
  }, [user.data, reset]);

  const pickLocations = (next: Option[]) => {
    setLocations(next);
    setValue(
      'locations',
      next.map((item) => item.id),
      { shouldValidate: formState.isSubmitted },
    );
  };

  const submit = handleSubmit((values) => {
    setStatus(null);
    const onError = (error: Error) => setStatus(adminErrorStatus(error, t('users.failed')));
    if (isEdit) {
      save.mutate(
        { id, body: values as LocationUserUpdateBody },
        {
          onSuccess: () => {
            setStatus({ kind: 'success', message: t('users.updated') });
            setValue('password', '');
          },
          onError,
        },
      );
      return;
    }
    save.mutate(
      { body: values as LocationUserCreateBody },
      {
        onSuccess: () => {
          setStatus({ kind: 'success', message: t('users.added') });
          reset(emptyForm);
          setLocations([]);
        },
        onError,
      },
    );
  });
  const title = t(isEdit ? 'users.editTitle' : 'users.addTitle');
  const text = textFieldsOf(register, errors);
  return (
    <AdminRecordForm
      title={title}
      testId="user-form"
      isEdit={isEdit}
      record={user}
      onSubmit={submit}
      status={status}
      setStatus={setStatus}
      isSaving={save.isPending}
    >
      {text('first_name', t('users.firstName'))}
      {text('last_name', t('users.lastName'))}
      {text('email', t('users.email'), { type: 'email', autoComplete: 'off' })}
      <TextField
        select
        label={t('users.role')}
        value={editor === undefined ? '' : editor ? 'editor' : 'visualizer'}
        onChange={(event) => setValue('editor', event.target.value === 'editor', { shouldValidate: formState.isSubmitted })}
        error={Boolean(errors.editor)}
        helperText={errorText(errors.editor)}
        slotProps={{ htmlInput: { 'data-testid': 'field-role' } }}
      >
        <MenuItem value="editor">{t('users.editor')}</MenuItem>
        <MenuItem value="visualizer">{t('users.visualizer')}</MenuItem>
      </TextField>
      <FullRow>
        <LocationsMultiSelect
          label={t('users.locations')}
          value={locations}
          onChange={pickLocations}
          error={errorText(errors.locations)}
        />
      </FullRow>
      {text('password', t('users.password'), {
        type: 'password',
        autoComplete: 'new-password',
        placeholder: isEdit ? t('users.passwordKeep') : undefined,
      })}
    </AdminRecordForm>
  );
};
