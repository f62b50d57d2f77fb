import { Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { StatCard } from '../../components/stat-box';
import { formatQuantity } from '../../lib/format';
import { useReplenishmentSummary } from './api/summary';

/**
 * The store dashboard's NOSBOS card ("not on shelf but in stock", issue 26 item 4): GTINs with none on the floor and
 * some in the stockroom, and the pick list's size, linking to it.
 */
export const NosbosCard = ({ locationId }: { locationId: number }) => {
  const { t, i18n } = useTranslation('replenishment');
  const summary = useReplenishmentSummary(locationId);
  const s = summary.data;
  return (
    <StatCard title={t('nosbos.title')} isLoading={summary.isPending} testId="nosbos-card">
      <Typography variant="h5" sx={{ fontWeight: 600 }} data-testid="nosbos-value">
        {formatQuantity(s?.nosbos, i18n.language)}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {t('nosbos.caption')}
      </Typography>
      {s && s.lines > 0 && (
        <Link component={RouterLink} to="/replenishment" variant="body2" data-testid="nosbos-link">
          {t('nosbos.toPick', { count: s.units, lines: formatQuantity(s.lines, i18n.language) })}
        </Link>
      )}
    </StatCard>
  );
};
