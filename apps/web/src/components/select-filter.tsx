import { MenuItem, TextField } from '@mui/material';

export type SelectOption = { value: string; label: string };

/**
 * A select of a filter row: "All" ('' value) first, then the options. Nothing chosen reads "All" (`allLabel`), not
 * an empty box.
 *
 * ```tsx
 * <SelectFilter label={t('filters.state')} allLabel={t('filters.all')} value={state} onChange={setState}
 *   options={[{ value: '0', label: t('status.0') }]} testId="filter-state" />
 * ```
 */
export const SelectFilter = ({
  label,
  value,
  onChange,
  options,
  allLabel,
  testId,
  minWidth = 200,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  /** Label of the '' entry; without it there is no empty entry. */
  allLabel?: string;
  /** data-testid of the underlying input. */
  testId?: string;
  minWidth?: number;
}) => (
  <TextField
    select
    size="small"
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    sx={{ minWidth: { md: minWidth } }}
    slotProps={{
      htmlInput: { 'data-testid': testId },
      ...(allLabel !== undefined ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : {}),
    }}
  >
    {allLabel !== undefined && <MenuItem value="">{allLabel}</MenuItem>}
    {options.map((option) => (
      <MenuItem key={option.value} value={option.value} data-testid={testId ? `${testId}-${option.value}` : undefined}>
        {option.label}
      </MenuItem>
    ))}
  </TextField>
);

/**
 * A `SelectFilter` of a fixed list of values: "All" ('') first, then each of `choices` read `choiceLabel(choice)`;
 * `onChange` gets one of them, or '' for All.
 *
 * ```tsx
 * <ChoicesFilter label={t('filters.status')} allLabel={t('filters.all')} value={status} onChange={setStatus}
 *   choices={STATUSES} choiceLabel={(status) => t(`status.${status}`)} testId="filter-status" />
 * ```
 */
export const ChoicesFilter = <V extends string>({
  choices,
  choiceLabel,
  value,
  onChange,
  ...select
}: {
  label: string;
  allLabel: string;
  choices: readonly V[];
  choiceLabel: (choice: V) => string;
  value: V | '';
  onChange: (value: V | '') => void;
  testId?: string;
}) => (
  <SelectFilter
    {...select}
    value={value}
    onChange={(next) => onChange(choices.find((choice) => choice === next) ?? '')}
    options={choices.map((choice) => ({ value: choice, label: choiceLabel(choice) }))}
  />
);
