import TuneIcon from '@mui/icons-material/Tune';
import { Avatar, Box, Button, Chip, Stack, TextField, Typography } from '@mui/material';
import { type PickStatus, type ReplenishmentLine, RoleThreshold } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationListPage } from '../../components/location-list-page';
import { type Column, PagedTable } from '../../components/paged-table';
import { formatQuantity } from '../../lib/format';
import { hasRole, useRole } from '../auth';
import { type PickListFilters, pickListPages } from './api/pick-list';
import { useRecordPick } from './api/record-pick';
import { FloorTargetsDialog } from './floor-targets-dialog';

/** The button sending each pick status: Pick stands out, Skip does not. */
const SEND_BUTTONS = {
  picked: { variant: 'contained', testId: 'replenishment-pick', label: 'pick' },
  skipped: { variant: 'outlined', testId: 'replenishment-skip', label: 'skip' },
} as const satisfies Record<PickStatus, { variant: 'contained' | 'outlined'; testId: string; label: string }>;

/** The line's Pick and Skip buttons (write roles), and whether it was picked. */
const LineActions = ({ line, locationId, canWrite }: { line: ReplenishmentLine; locationId: number; canWrite: boolean }) => {
  const { t } = useTranslation('replenishment');
  const pick = useRecordPick();
  const send = (status: PickStatus) =>
    pick.mutate({
      locationId,
      body: { gtin: line.gtin, status, ...(status === 'picked' ? { quantity: line.to_pick } : {}) },
    });
  const sendButton = (status: PickStatus) => {
    const { variant, testId, label } = SEND_BUTTONS[status];
    return (
      <Button size="small" variant={variant} disabled={pick.isPending} onClick={() => send(status)} data-testid={testId}>
        {t(label)}
      </Button>
    );
  };
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      {line.picked !== null && (
        <Chip size="small" color="success" label={t('picked', { count: line.picked })} data-testid="replenishment-picked" />
      )}
      {canWrite && line.picked === null && sendButton('picked')}
      {canWrite && sendButton('skipped')}
    </Stack>
  );
};

/**
 * The store's pick list (/replenishment, issue 26 item 4): what the sales floor misses and the stockroom holds, most
 * sold first; on a phone one card a line (image, description, size, colour, the stockroom area, how many, Pick and
 * Skip). A picked line stays marked until the floor reader or a handheld sees its units on the floor; then it goes
 * (live: the `items` topic reloads the list). The floor targets are edited in a dialog.
 */
export const PickListPage = () => {
  const { t, i18n } = useTranslation('replenishment');
  const role = useRole();
  const canWrite = hasRole(role, RoleThreshold.write);
  const [gtin, setGtin] = useState('');
  const [isTargetsOpen, setTargetsOpen] = useState(false);
  const filters: PickListFilters = { gtin: gtin.trim() };
  const quantity = (value: number) => formatQuantity(value, i18n.language);

  const columns = (locationId: number): Column<ReplenishmentLine>[] => [
    {
      id: 'item',
      header: t('columns.item'),
      mobile: 'title',
      cell: (line) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Avatar variant="rounded" src={line.image || undefined} alt="" sx={{ width: 48, height: 48 }}>
            {line.description.slice(0, 1)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="body2"
              component="div"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              data-testid="replenishment-description"
            >
              {line.description}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
              {[line.size && t('size', { size: line.size }), line.colour].filter(Boolean).join(' · ')}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" data-testid="replenishment-gtin">
              {line.gtin}
            </Typography>
          </Box>
        </Stack>
      ),
    },
    {
      id: 'from',
      header: t('columns.from'),
      cell: (line) => line.areas.map((a) => `${a.description} (${quantity(a.count)})`).join(', '),
    },
    {
      id: 'floor',
      header: t('columns.floor'),
      align: 'right',
      cell: (line) => (
        <span data-testid="replenishment-floor">
          {t('floorOf', { floor: quantity(line.on_floor), target: quantity(line.target) })}
        </span>
      ),
    },
    {
      id: 'pick',
      header: t('columns.toPick'),
      align: 'right',
      cell: (line) => (
        <Typography component="span" variant="body2" sx={{ fontWeight: 700 }} data-testid="replenishment-to-pick">
          {quantity(line.to_pick)}
        </Typography>
      ),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      cell: (line) => <LineActions line={line} locationId={locationId} canWrite={canWrite} />,
    },
  ];

  return (
    <LocationListPage
      title={t('title')}
      noLocation={t('noLocation')}
      testId="replenishment-page"
      filters={(location) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <TextField
            size="small"
            label={t('filters.gtin')}
            value={gtin}
            onChange={(event) => setGtin(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'replenishment-gtin-filter' } }}
          />
          <Button startIcon={<TuneIcon />} onClick={() => setTargetsOpen(true)} data-testid="replenishment-targets">
            {t('targets.open')}
          </Button>
          {isTargetsOpen && (
            <FloorTargetsDialog locationId={location.id} canWrite={canWrite} onClose={() => setTargetsOpen(false)} />
          )}
        </Stack>
      )}
    >
      {(location) => (
        <PagedTable
          {...pickListPages(location.id, filters)}
          columns={columns(location.id)}
          emptyText={t('empty')}
          testId="replenishment-list"
        />
      )}
    </LocationListPage>
  );
};
