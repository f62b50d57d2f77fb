import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOURS = { 0: 'success', 1: 'default', 2: 'info', 3: 'secondary', 4: 'warning' } as const;

/** An item state code (0 STOCKED … 4 RETURNED TO SUPPLIER) as its translated name. */
export const ItemStateChip = ({ state }: { state: number | null | undefined }) => {
  const { t } = useTranslation('tracking');
  if (state === null || state === undefined) return null;
  const colour = COLOURS[state as keyof typeof COLOURS] ?? 'default';
  return <Chip size="small" variant="outlined" color={colour} label={t(`states.${state}`, { defaultValue: String(state) })} />;
};
