import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { OrderKind } from '../orders';

/**
 * Which flow a verification page belongs to (online expedition, movement exit or entry), so the
 * two sides of one movement box are told apart. Purchase orders need no label.
 */
export const KindChip = ({ kind }: { kind: OrderKind }) => {
  const { t } = useTranslation('verification');
  if (kind === 'purchase') return null;
  return (
    <Chip
      component="span"
      size="small"
      color="primary"
      variant="outlined"
      label={t(`kinds.${kind}`)}
      data-testid="verification-kind"
    />
  );
};
