import { Box, Skeleton } from '@mui/material';
import type { Inventory, InventoryUser } from '@rfid/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FactsCard, Field } from '../../../components/facts-card';
import { PercentBar } from '../../../components/percent-bar';
import { formatNumber, formatQuantity, formatTableDateTime } from '../../../lib/format';
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
  const value = (render: (row: Inventory) => ReactNode) => (inventory ? render(inventory) : <Skeleton />);
  const quantity = (n: number) => formatQuantity(n, i18n.language);
  const closer = users?.find((u) => u.action !== 'opened');
  return (
    <FactsCard testId="inventory-facts">
      <Field label={t('facts.status')}>
        {value((row) => (
          <InventoryStateChip state={row.state} />
        ))}
      </Field>
      <Field label={t('facts.progress')}>
        {value((row) => (
          <Box data-testid="inventory-progress">
            <PercentBar value={row.progress} minWidth={0} />
          </Box>
        ))}
      </Field>
      <Field label={t('facts.articles')}>
        {value((row) => (
          <span data-testid="inventory-read">{quantity(row.items)}</span>
        ))}
      </Field>
      <Field label={t('facts.area')}>
        {value((row) => (
          <span data-testid="inventory-area">{row.location_area_description}</span>
        ))}
      </Field>
      {!compact && (
        <>
          <Field label={t('facts.expected')}>
            {value((row) => (
              <span data-testid="inventory-expected">{quantity(row.theorical_stock)}</span>
            ))}
          </Field>
          <Field label={t('facts.matched')}>
            {value((row) => (
              <span data-testid="inventory-matched">{quantity(row.matched_items)}</span>
            ))}
          </Field>
          <Field label={t('facts.missing')}>
            {value((row) => (
              <Box
                component="span"
                sx={{ color: row.missing_items > 0 ? 'error.main' : undefined }}
                data-testid="inventory-missing"
              >
                {quantity(row.missing_items)}
              </Box>
            ))}
          </Field>
          <Field label={t('facts.excess')}>
            {value((row) => (
              <Box
                component="span"
                sx={{ color: row.excess_items > 0 ? 'warning.main' : undefined }}
                data-testid="inventory-excess"
              >
                {quantity(row.excess_items)}
              </Box>
            ))}
          </Field>
          <Field label={t('facts.accuracy')}>
            {value((row) => (
              <span data-testid="inventory-accuracy">{`${formatNumber(row.accuracy, i18n.language)} %`}</span>
            ))}
          </Field>
          <Field label={t('facts.type')}>
            {value((row) => (
              <span data-testid="inventory-type">
                {row.is_partial
                  ? `${t('types.partial')}: ${row.item_types.map((type) => type.gtin).join(', ')}`
                  : t('types.total')}
              </span>
            ))}
          </Field>
          <Field label={t('facts.start')}>{value((row) => formatTableDateTime(row.start_time, t('common:noDate')))}</Field>
          <Field label={t('facts.end')}>{value((row) => formatTableDateTime(row.end_time, t('facts.noRead')))}</Field>
          <Field label={t('facts.openedBy')}>
            {value((row) => openedBy(row, users, (serial) => t('facts.reader', { serial })))}
          </Field>
          {inventory && closer && (
            <Field label={t(closer.action === 'validated' ? 'facts.validatedBy' : 'facts.canceledBy')}>
              <span data-testid="inventory-closed-by">
                {`${closer.first_name} ${closer.last_name}`.trim() || closer.email} · {formatTableDateTime(closer.date)}
              </span>
            </Field>
          )}
        </>
      )}
    </FactsCard>
  );
};
