import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { z } from 'zod';
import type { FormStatus } from '../../../components/form-alert';
import { textFieldsOf } from './admin-form';
import { toId } from './form-helpers';
import { adminErrorStatus } from './messages';
import { type EditedThing, useStaleEdit } from './stale-edit';

/**
 * The common start of an admin add or edit page of one record (area, printer, user): the id of
 * the URL (0 = add), the outcome message, and the form validated with the contract's create or
 * update schema (the same the API validates with).
 *
 * `recordFormOf` gives the props of `AdminRecordForm`, `saveHandlers` the callbacks of the save; `text` makes text
 * fields.
 */
export const useAdminFormPage = <F extends FieldValues>({
  section,
  thing,
  testId,
  createSchema,
  updateSchema,
  emptyForm,
}: {
  /** The record edited: names the message shown when someone else changed it meanwhile. */
  thing: EditedThing;
  /** Prefix of the page's messages in `admin`: `<section>.addTitle`, `.editTitle`, `.added`, `.updated`, `.failed`. */
  section: string;
  testId: string;
  createSchema: z.ZodType<FieldValues, FieldValues>;
  updateSchema: z.ZodType<FieldValues, FieldValues>;
  emptyForm: F;
}) => {
  const { t } = useTranslation(['admin', 'common']);
  const id = toId(useParams().id);
  const isEdit = id > 0;
  const [status, setStatus] = useState<FormStatus>(null);
  const form = useForm<F>({
    // The schemas parse strings of the form into the API's types: the resolver's output is the body, not F.
    resolver: zodResolver(isEdit ? updateSchema : createSchema) as unknown as Resolver<F>,
    // A whole form is a partial one too; TypeScript cannot see it through DefaultValues of a generic F.
    defaultValues: emptyForm as DefaultValues<F>,
  });
  const { errors } = form.formState;
  const stale = useStaleEdit(thing);
  const title = t(isEdit ? `${section}.editTitle` : `${section}.addTitle`);
  const showSaved = () => setStatus({ kind: 'success', message: t(isEdit ? `${section}.updated` : `${section}.added`) });
  const showFailed = (error: Error) => {
    setStatus(null);
    if (!stale.catchStale(error)) setStatus(adminErrorStatus(error, t(`${section}.failed`)));
  };
  return {
    t,
    id,
    isEdit,
    setStatus,
    form,
    errors,
    text: textFieldsOf(form.register, errors),
    /**
     * The callbacks of the save: on success the outcome 'added' or 'updated', then `onSaved` (clear the form after an
     * add…); on failure someone else changed the record meanwhile (the stale alert, with Reload), else the API's
     * message, else `<section>.failed`.
     */
    saveHandlers: (onSaved?: () => void) => ({
      onSuccess: () => {
        showSaved();
        onSaved?.();
      },
      onError: showFailed,
    }),
    /**
     * The props of `AdminRecordForm` this state decides (title, test id, outcome) with the edited record's query, whether
     * it is being saved, and its stale alert (`record.refetch` reloads it).
     */
    recordFormOf: (record: { isError: boolean; isPending: boolean; refetch: () => Promise<unknown> }, isSaving: boolean) => ({
      title,
      testId,
      isEdit,
      status,
      setStatus,
      record,
      isSaving,
      stale: stale.alert(record.refetch),
    }),
  };
};
