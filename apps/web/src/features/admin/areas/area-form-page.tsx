import { TextField } from '@mui/material';
import {
  type AreaCreateBody,
  type AreaKind,
  AreaKind as AreaKinds,
  areaCreateBodySchema,
  areaUpdateBodySchema,
} from '@rfid/contract';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useArea } from '../api/get-area';
import { useLocation } from '../api/get-location';
import { useSaveArea } from '../api/save-area';
import { AdminRecordForm, selectFieldsOf } from '../shared/admin-form';
import { FullRow } from '../shared/admin-page';
import { errorText, toId } from '../shared/form-helpers';
import { areaKindOptions } from '../shared/modes';
import { LocationSelect, type Option } from '../shared/selects';
import { useAdminFormPage } from '../shared/use-admin-form-page';

type AreaForm = { stock: string; description: string; location_id: number; gln_extension: string; kind: AreaKind };
const emptyForm: AreaForm = { stock: '', description: '', location_id: 0, gln_extension: '', kind: AreaKinds.Other };

/**
 * Area add (stock, description, distribution center, kind) and edit (read-only stock, description,
 * location, kind), validated with the contract's schemas. Unlike the original, a failed add shows the
 * error and keeps what was typed.
 */
export const AreaFormPage = () => {
  // Edit leaves stock out (read-only).
  const page = useAdminFormPage({
    section: 'areas',
    thing: 'area',
    testId: 'area-form',
    createSchema: areaCreateBodySchema,
    updateSchema: areaUpdateBodySchema,
    emptyForm,
  });
  const { t, id, isEdit, setStatus, errors, text } = page;
  const { register, handleSubmit, reset, setValue, formState, control } = page.form;
  const select = selectFieldsOf(control, errors);
  const [searchParams] = useSearchParams();
  const presetLocation = useLocation(isEdit ? 0 : toId(searchParams.get('location') ?? undefined));
  const area = useArea(id);
  const save = useSaveArea();
  const [location, setLocation] = useState<Option | null>(null);

  useEffect(() => {
    if (!area.data) return;
    reset({
      stock: String(area.data.stock),
      description: area.data.description,
      location_id: area.data.location_id,
      gln_extension: area.data.gln_extension ?? '',
      kind: area.data.kind,
    });
    setLocation({ id: area.data.location_id, description: area.data.location_description });
  }, [area.data, reset]);
  useEffect(() => {
    if (!presetLocation.data) return;
    setLocation((current) => current ?? { id: presetLocation.data.id, description: presetLocation.data.description });
    setValue('location_id', presetLocation.data.id);
  }, [presetLocation.data, setValue]);

  const pickLocation = (option: Option | null) => {
    setLocation(option);
    setValue('location_id', option?.id ?? 0, { shouldValidate: formState.isSubmitted });
  };

  const submit = handleSubmit((values) => {
    setStatus(null);
    const body = values as unknown as AreaCreateBody; // parsed by the contract schema (stock is an integer)
    if (isEdit) {
      save.mutate(
        {
          id,
          body: {
            description: body.description,
            location_id: body.location_id,
            gln_extension: body.gln_extension,
            kind: body.kind,
          },
          version: area.data?.version,
        },
        page.saveHandlers(),
      );
      return;
    }
    save.mutate(
      { body },
      // A new area clears the form but keeps the chosen center for the next one.
      page.saveHandlers(() => reset({ ...emptyForm, location_id: location?.id ?? 0 })),
    );
  });

  return (
    <AdminRecordForm {...page.recordFormOf(area, save.isPending)} onSubmit={submit}>
      <TextField
        {...register('stock')}
        label={t('areas.stock')}
        inputMode="numeric"
        disabled={isEdit}
        error={Boolean(errors.stock)}
        helperText={errorText(errors.stock)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'field-stock', readOnly: isEdit } }}
      />
      {text('description', t('areas.description'))}
      {text('gln_extension', t('areas.glnExtension'), {
        helperText: errorText(errors.gln_extension) ?? t('areas.glnExtensionHint'),
      })}
      {select('kind', t('areas.kind'), areaKindOptions(t))}
      <FullRow>
        <LocationSelect
          name="location"
          kind={isEdit ? undefined : 'center'}
          label={t(isEdit ? 'areas.location' : 'areas.center')}
          value={location}
          onChange={pickLocation}
          error={errorText(errors.location_id)}
        />
      </FullRow>
    </AdminRecordForm>
  );
};
