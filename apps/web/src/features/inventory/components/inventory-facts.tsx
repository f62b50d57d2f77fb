import { Box } from '@mui/material';
import type { Inventory, InventoryUser } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { countFacts, type Fact, FactsList } from '../../../components/facts-card';
import { PercentBar } from '../../../components/percent-bar';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { InventoryStateChip } from './inventory-state';

/** Who opened it: a user, or the reader whose first set opened it. */
const openedBy = (inventory: Inventory, users: InventoryUser[] | undefined, readerLabel: (serial: string) => string) => {
  const user = users?.find((u) => u.action === 'opened');
  if (user) return `${user.first_name} ${user.last_name}`.trim() || user.email;
  if (inventory.device) return readerLabel(inventory.device.serial_number);
  return '—';
};

/**
 * The facts of an inventory (spec section 2, "Detail"): the status box (with the 'done' badge),
 * the progress, the article count and the area, then what was expected, missing and in excess,
 * its accuracy, its type, its times and its people. `compact` keeps the first four (items and
 * GTIN pages).
 */
export const InventoryFacts = ({
  inventory,
  users,
  compact = false,
}: {
  inventory: Inventory | undefined;
  users?: InventoryUser[];
  compact?: boolean;
}) => {
  const { t, i18n } = useTranslation(['inventory', 'common']);
  const count = countFacts<Inventory>(i18n.language);
  const closer = users?.find((u) => u.action !== 'opened');
  const first: Fact<Inventory>[] = [
    { label: t('facts.status'), value: (row) => <InventoryStateChip state={row.state} /> },
    {
      label: t('facts.progress'),
      value: (row) => (
        <Box data-testid="inventory-progress">
          <PercentBar value={row.progress} minWidth={0} />
        </Box>
      ),
    },
    count(t('facts.articles'), (row) => row.items, 'inventory-read'),
    { label: t('facts.area'), value: (row) => row.location_area_description, testId: 'inventory-area' },
  ];
  const rest: (Fact<Inventory> | false)[] = [
    count(t('facts.expected'), (row) => row.theorical_stock, 'inventory-expected'),
    count(t('facts.matched'), (row) => row.matched_items, 'inventory-matched'),
    count(t('facts.missing'), (row) => row.missing_items, 'inventory-missing', 'error.main'),
    count(t('facts.excess'), (row) => row.excess_items, 'inventory-excess', 'warning.main'),
    {
      label: t('facts.accuracy'),
      value: (row) => `${formatNumber(row.accuracy, i18n.language)} %`,
      testId: 'inventory-accuracy',
    },
    {
      label: t('facts.type'),
      value: (row) =>
        row.is_partial ? `${t('types.partial')}: ${row.item_types.map((type) => type.gtin).join(', ')}` : t('types.total'),
      testId: 'inventory-type',
    },
    { label: t('facts.start'), value: (row) => formatDateTime(row.start_time, t('common:noDate')) },
    { label: t('facts.end'), value: (row) => formatDateTime(row.end_time, t('facts.noRead')) },
    { label: t('facts.openedBy'), value: (row) => openedBy(row, users, (serial) => t('facts.reader', { serial })) },
    // Who closed it shows once the inventory is known.
    inventory !== undefined &&
      closer !== undefined && {
        label: t(closer.action === 'validated' ? 'facts.validatedBy' : 'facts.canceledBy'),
        value: () => `${`${closer.first_name} ${closer.last_name}`.trim() || closer.email} · ${formatDateTime(closer.date)}`,
        testId: 'inventory-closed-by',
      },
  ];
  return <FactsList testId="inventory-facts" record={inventory} facts={compact ? first : [...first, ...rest]} />;
};
