import { MenuItem, TextField } from '@mui/material';
import {
  type LocationUserCreateBody,
  type LocationUserUpdateBody,
  locationUserCreateBodySchema,
  locationUserUpdateBodySchema,
} from '@rfid/contract';
import { useEffect, useState } from 'react';
import { useLocationUser } from '../api/get-location-user';
import { useSaveLocationUser } from '../api/save-location-user';
import { AdminRecordForm } from '../shared/admin-form';
import { FullRow } from '../shared/admin-page';
import { errorText } from '../shared/form-helpers';
import { LocationsMultiSelect, type Option } from '../shared/selects';
import { useAdminFormPage } from '../shared/use-admin-form-page';

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
  const page = useAdminFormPage({
    section: 'users',
    thing: 'user',
    testId: 'user-form',
    createSchema: locationUserCreateBodySchema,
    updateSchema: locationUserUpdateBodySchema,
    emptyForm,
  });
  const { t, id, isEdit, setStatus, errors, text } = page;
  const { handleSubmit, reset, setValue, watch, formState } = page.form;
  const user = useLocationUser(id);
  const save = useSaveLocationUser();
  const [locations, setLocations] = useState<Option[]>([]);
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
    if (isEdit) {
      save.mutate(
        { id, body: values as LocationUserUpdateBody, version: user.data?.version },
        page.saveHandlers(() => setValue('password', '')),
      );
      return;
    }
    save.mutate(
      { body: values as LocationUserCreateBody },
      page.saveHandlers(() => {
        reset(emptyForm);
        setLocations([]);
      }),
    );
  });
  return (
    <AdminRecordForm {...page.recordFormOf(user, save.isPending)} onSubmit={submit}>
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
        // The rule while there is no error (issue 29); the server's message (a common password …) once there is one.
        helperText: errors.password ? errorText(errors.password) : t('users.passwordRule'),
      })}
    </AdminRecordForm>
  );
};
