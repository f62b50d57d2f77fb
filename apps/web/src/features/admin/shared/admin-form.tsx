import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, IconButton, MenuItem, Stack, TextField, type TextFieldProps } from '@mui/material';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import {
  type Control,
  Controller,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormAlert, type FormStatus } from '../../../components/form-alert';
import type { Column } from '../../../components/paged-table';
import { Spinner } from '../../../components/spinner';
import { AdminPage, FormGrid, FullRow } from './admin-page';
import { errorText } from './form-helpers';

/**
 * An admin form: its fields on the two-column grid, then the outcome message (or `stale`: someone else changed the
 * record, reload), an optional `notice` (the new device key) and Save, with `actions` beside it; a spinner while the
 * record of an edit page loads.
 */
export const AdminForm = ({
  onSubmit,
  status,
  onStatusClose,
  isSaving,
  isLoading = false,
  stale,
  notice,
  actions,
  children,
}: {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  status: FormStatus;
  onStatusClose: () => void;
  isSaving: boolean;
  isLoading?: boolean;
  stale?: ReactNode;
  notice?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) => {
  const { t } = useTranslation('common');
  if (isLoading) return <Spinner />;
  const save = (
    <Button type="submit" variant="contained" disabled={isSaving} data-testid="submit">
      {t('actions.save')}
    </Button>
  );
  return (
    <Box component="form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <FormGrid>
        {children}
        {stale && <FullRow>{stale}</FullRow>}
        <FullRow>
          <FormAlert status={status} onClose={onStatusClose} />
        </FullRow>
        {notice && <FullRow>{notice}</FullRow>}
        <FullRow>
          {actions ? (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {save}
              {actions}
            </Stack>
          ) : (
            save
          )}
        </FullRow>
      </FormGrid>
    </Box>
  );
};

/**
 * An admin add or edit page of one record: 'Not found' when the record of an edit page fails to
 * load, else the page (title, back arrow, 720 px wide) around its form, a spinner while the record loads.
 */
export const AdminRecordForm = ({
  title,
  testId,
  isEdit,
  record,
  onSubmit,
  status,
  setStatus,
  isSaving,
  stale,
  children,
}: {
  title: string;
  testId: string;
  isEdit: boolean;
  /** The edited record's query. */
  record: { isError: boolean; isPending: boolean };
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  status: FormStatus;
  setStatus: (status: FormStatus) => void;
  isSaving: boolean;
  /** Shown when someone else changed the record while it was edited (`StaleEditAlert`). */
  stale?: ReactNode;
  children: ReactNode;
}) => {
  if (isEdit && record.isError) return <AdminNotFound title={title} />;
  return (
    <AdminPage title={title} hasBack maxWidth={720} testId={testId}>
      <AdminForm
        onSubmit={onSubmit}
        status={status}
        onStatusClose={() => setStatus(null)}
        isSaving={isSaving}
        isLoading={isEdit && record.isPending}
        stale={stale}
      >
        {children}
      </AdminForm>
    </AdminPage>
  );
};

/** An edit page whose record could not be loaded (another company's, or deleted): 'Not found'. */
export const AdminNotFound = ({ title }: { title: ReactNode }) => {
  const { t } = useTranslation('common');
  return (
    <AdminPage title={title} hasBack>
      <Alert severity="error">{t('errors.notFound')}</Alert>
    </AdminPage>
  );
};

/**
 * The text fields of a react-hook-form form: `text(name, label, props)` registers the field and
 * shows its translated error; its test id is `field-<last part of the name>`.
 *
 * ```tsx
 * const text = textFieldsOf(register, formState.errors);
 * {text('mac', t('printers.mac'), { placeholder: 'AA:BB:CC:DD:EE:FF' })}
 * ```
 */
export const textFieldsOf =
  <F extends FieldValues>(register: UseFormRegister<F>, errors: FieldErrors<F>) =>
  (name: Path<F>, label: string, props: TextFieldProps = {}) => {
    const error = get(errors, name) as FieldError | undefined;
    return (
      <TextField
        {...register(name)}
        label={label}
        error={Boolean(error)}
        helperText={errorText(error)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `field-${name.split('.').pop()}` } }}
        {...props}
      />
    );
  };

/** A choice of a select field: its value (a number stays a number in the form) and its label. */
export type SelectOption = { value: string | number; label: string };

/**
 * The select fields of a react-hook-form form, as `textFieldsOf` the text ones: `select(name, label, options, props)`
 * shows the options, the field's translated error and the test id `field-<last part of the name>`.
 *
 * ```tsx
 * const select = selectFieldsOf(control, formState.errors);
 * {select('reader_type', t('readers.readerType'), readerTypeOptions(t))}
 * ```
 */
export const selectFieldsOf =
  <F extends FieldValues>(control: Control<F>, errors: FieldErrors<F>) =>
  (name: Path<F>, label: string, options: SelectOption[], props: TextFieldProps = {}) => {
    const error = get(errors, name) as FieldError | undefined;
    return (
      <Controller
        name={name}
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={label}
            value={field.value}
            // The menu hands back the chosen option's value; the option keeps its type (number or string).
            onChange={(event) =>
              field.onChange(options.find((option) => String(option.value) === String(event.target.value))?.value)
            }
            error={Boolean(error)}
            helperText={errorText(error)}
            slotProps={{ htmlInput: { 'data-testid': `field-${name.split('.').pop()}` } }}
            {...props}
          >
            {options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    );
  };

/** The pencil of an admin list's row, linking to its edit page. */
export const EditLink = ({ to, label, testId }: { to: string; label: string; testId: string }) => (
  <IconButton component={RouterLink} to={to} size="small" aria-label={label} data-testid={testId}>
    <EditIcon fontSize="small" />
  </IconButton>
);

/** The Edit column of an admin list: the row's pencil, named "Edit <name>". */
export const editColumn = <T,>({
  header,
  to,
  name,
  testId,
}: {
  header: string;
  to: (row: T) => string;
  name: (row: T) => string;
  testId: (row: T) => string;
}): Column<T> => ({
  id: 'edit',
  header,
  align: 'right',
  cell: (row) => <EditLink to={to(row)} label={`${header} ${name(row)}`} testId={testId(row)} />,
});
