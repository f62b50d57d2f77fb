import { MenuItem, TextField } from '@mui/material';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocationAreas } from './api/get-location-areas';

/**
 * A select of the areas of a location. With `allLabel`, '' means every area; without it, the
 * first area is chosen as soon as they load when `autoSelect` is set.
 */
export const AreaSelect = ({
  locationId,
  value,
  onChange,
  allLabel,
  autoSelect = false,
  error,
  testId = 'area-select',
  minWidth = 240,
}: {
  locationId: number;
  value: string;
  onChange: (value: string) => void;
  allLabel?: string;
  autoSelect?: boolean;
  error?: string;
  testId?: string;
  minWidth?: number;
}) => {
  const { t } = useTranslation('stock');
  const areas = useLocationAreas(locationId);
  const options = areas.data ?? [];
  const firstId = options[0]?.id;
  // A value of another location (the header's location changed) or none: back to the default.
  const isKnown = value === '' || options.some((area) => String(area.id) === value);
  useEffect(() => {
    if (!areas.data) return;
    if (!isKnown) onChange(autoSelect && firstId ? String(firstId) : '');
    else if (value === '' && autoSelect && firstId) onChange(String(firstId));
  }, [areas.data, isKnown, value, autoSelect, firstId, onChange]);
  return (
    <TextField
      select
      size="small"
      label={t('filters.area')}
      value={isKnown && areas.data ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      sx={{ minWidth: { sm: minWidth } }}
      // With an "all" entry, '' shows it (the label stays above it).
      slotProps={{
        htmlInput: { 'data-testid': testId },
        select: { displayEmpty: allLabel !== undefined },
        inputLabel: allLabel !== undefined ? { shrink: true } : undefined,
      }}
    >
      {allLabel !== undefined && (
        <MenuItem value="" data-testid={`${testId}-all`}>
          {allLabel}
        </MenuItem>
      )}
      {options.map((area) => (
        <MenuItem key={area.id} value={String(area.id)} data-testid={`${testId}-option`}>
          {area.description}
        </MenuItem>
      ))}
    </TextField>
  );
};
