import { zodResolver } from '@hookform/resolvers/zod';
import { TextField } from '@mui/material';
import { type CreateItemTypeBody, createItemTypeBodySchema, type ItemType } from '@rfid/contract';
import { useEffect, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { FormDialog } from '../../components/form-dialog';
import { ApiError } from '../../lib/api-client';
import { useCreateGtin } from './api/create-gtin';

const FIELDS = ['gtin', 'description', 'model', 'season', 'price'] as const;
type FieldName = (typeof FIELDS)[number];

/** The contract's own messages, translated; anything else (the server's words) is shown as it comes. */
const MESSAGE_KEYS: Record<string, string> = {
  required: 'addGtin.required',
  'A GTIN has 8, 12, 13 or 14 digits.': 'addGtin.invalidGtin',
  'A valid number is required.': 'addGtin.numeric',
};

const EMPTY: CreateItemTypeBody = { gtin: '', description: '', model: '', season: '', price: '' };

export type AddGtinDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Receives the created GTIN (e.g. to select it in the caller's searchable GTIN field). */
  onCreated: (gtin: ItemType) => void;
  /** Pre-fills the GTIN the user typed in the caller's search. */
  initialGtin?: string;
  /** Brand of the new GTIN; the spec's default brand is 1. */
  brandId?: number;
};

/** The add-GTIN dialog ('Create' from an unknown GTIN in the order and print forms). */
export const AddGtinDialog = ({ open, onClose, onCreated, initialGtin = '', brandId }: AddGtinDialogProps) => {
  const { t } = useTranslation(['catalog', 'common']);
  const create = useCreateGtin();
  const [status, setStatus] = useState<FormStatus>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({
    // The contract's add-GTIN rules, the same the server applies (the check digit is the server's).
    resolver: zodResolver(createItemTypeBodySchema),
    defaultValues: { ...EMPTY, gtin: initialGtin },
  });

  useEffect(() => {
    if (open) {
      reset({ ...EMPTY, gtin: initialGtin });
      setStatus(null);
    }
  }, [open, initialGtin, reset]);

  const submit = handleSubmit((values) => {
    setStatus(null);
    create.mutate(
      {
        gtin: values.gtin,
        description: values.description,
        price: values.price,
        ...(values.model ? { model: values.model } : {}),
        ...(values.season ? { season: values.season } : {}),
        ...(brandId ? { brand_id: brandId } : {}),
      },
      {
        onSuccess: (created) => {
          onCreated(created);
          onClose();
        },
        onError: (error) => {
          // The server's messages: under their field when it names one, all of them in the alert.
          if (error instanceof ApiError) {
            for (const [field, messages] of Object.entries(error.body.errors ?? {})) {
              if ((FIELDS as readonly string[]).includes(field) && messages[0]) {
                setError(field as Path<CreateItemTypeBody>, { type: 'server', message: messages[0] });
              }
            }
          }
          setStatus(errorStatus(error, t('common:errors.notCompleted')));
        },
      },
    );
  });

  /** The contract's messages translated; the server's messages shown as they come. */
  const helper = (name: FieldName): string | undefined => {
    const error = errors[name];
    if (!error?.message) return undefined;
    const key = error.type === 'server' ? undefined : MESSAGE_KEYS[error.message];
    return key ? t(key) : error.message;
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('addGtin.title')}
      testId="add-gtin-dialog"
      onSubmit={() => void submit()}
      cancelLabel={t('addGtin.cancel')}
      submitLabel={t('addGtin.create')}
      submitTestId="add-gtin-submit"
      submitDisabled={create.isPending}
    >
      {FIELDS.map((name) => (
        <TextField
          key={name}
          label={t(`fields.${name}`)}
          required={name === 'gtin' || name === 'description' || name === 'price'}
          error={Boolean(errors[name])}
          helperText={helper(name)}
          autoFocus={name === (initialGtin ? 'description' : 'gtin')}
          fullWidth
          {...register(name)}
          slotProps={{
            htmlInput: {
              'data-testid': `add-gtin-${name}`,
              ...(name === 'gtin' ? { inputMode: 'numeric', maxLength: 14 } : {}),
              ...(name === 'price' ? { inputMode: 'decimal' } : {}),
            },
          }}
        />
      ))}
      <FormAlert status={status} onClose={() => setStatus(null)} />
    </FormDialog>
  );
};
