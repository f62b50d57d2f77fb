import { MenuItem, Stack, TextField } from '@mui/material';
import type { TagCompanyFormat } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { useTagFormats } from './api/get-tag-formats';
import { useTagTypes } from './api/get-tag-types';

export type FormatChoice = { tagType: number | null; format: TagCompanyFormat | null };

/** A select of the company's tag types (spec: tag type id and reference). */
export const TagTypeSelect = ({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (tagType: number | null) => void;
  error?: string;
}) => {
  const { t } = useTranslation('printing');
  const types = useTagTypes();
  return (
    <TextField
      select
      fullWidth
      required
      label={t('fields.tagType')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      error={Boolean(error)}
      helperText={error ?? (types.data?.length === 0 ? t('fields.noTagTypes') : undefined)}
      slotProps={{ htmlInput: { 'data-testid': 'tag-type-select' } }}
    >
      {(types.data ?? []).map((type) => (
        <MenuItem key={type.id} value={type.id} data-testid="tag-type-option">
          {type.id} · {type.reference}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** A select of the company's formats of a tag type (at most 10, the spec's lookup limit). */
export const TagFormatSelect = ({
  tagType,
  value,
  onChange,
  error,
}: {
  tagType: number | null;
  value: TagCompanyFormat | null;
  onChange: (format: TagCompanyFormat | null) => void;
  error?: string;
}) => {
  const { t } = useTranslation('printing');
  const formats = useTagFormats(tagType);
  const list = formats.data ?? [];
  return (
    <TextField
      select
      fullWidth
      required
      disabled={tagType === null}
      label={t('fields.tagFormat')}
      value={value && list.some((f) => f.id === value.id) ? value.id : ''}
      onChange={(event) => onChange(list.find((f) => f.id === Number(event.target.value)) ?? null)}
      error={Boolean(error)}
      helperText={error ?? (tagType !== null && formats.data?.length === 0 ? t('fields.noFormats') : undefined)}
      slotProps={{ htmlInput: { 'data-testid': 'tag-format-select' } }}
    >
      {list.map((format) => (
        <MenuItem key={format.id} value={format.id} data-testid="tag-format-option">
          {format.tag_format.description}
        </MenuItem>
      ))}
    </TextField>
  );
};

/** Tag type then format, side by side on wide screens: the first fields of the CSV and manual order forms. */
export const FormatFields = ({
  value,
  onChange,
  errors,
}: {
  value: FormatChoice;
  onChange: (value: FormatChoice) => void;
  errors?: { tagType?: string; format?: string };
}) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
    <TagTypeSelect
      value={value.tagType}
      onChange={(tagType) => onChange({ tagType, format: tagType === value.tagType ? value.format : null })}
      {...(errors?.tagType ? { error: errors.tagType } : {})}
    />
    <TagFormatSelect
      tagType={value.tagType}
      value={value.format}
      onChange={(format) => onChange({ ...value, format })}
      {...(errors?.format ? { error: errors.format } : {})}
    />
  </Stack>
);
