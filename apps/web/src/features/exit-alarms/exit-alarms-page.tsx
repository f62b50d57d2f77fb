import BlockIcon from '@mui/icons-material/Block';
import ReportIcon from '@mui/icons-material/Report';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import {
  canDo,
  EXIT_ALARM_STATUSES,
  type ExitAlarm,
  type ExitAlarmResolution,
  ExitAlarmStatus,
  RoleThreshold,
} from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EpcLink } from '../../components/epc-link';
import { ItemThumbnail, itemVariantText } from '../../components/item-type';
import { LocationListPage } from '../../components/location-list-page';
import { type Column, PagedTable } from '../../components/paged-table';
import { SelectFilter } from '../../components/select-filter';
import { StatusChip, type StatusStyle } from '../../components/status-chip';
import { TwoLineDate } from '../../components/two-line';
import { formatNumber, formatQuantity } from '../../lib/format';
import { notify } from '../../lib/notifier';
import { useRole } from '../auth';
import { type ExitAlarmFilters, exitAlarmsPages } from './api/get-exit-alarms';
import { useResolveExitAlarm } from './api/resolve-exit-alarm';

/** The three resolutions, each with its icon. */
const ACTIONS: { status: ExitAlarmResolution; icon: typeof BlockIcon }[] = [
  { status: ExitAlarmStatus.FalseAlarm, icon: BlockIcon },
  { status: ExitAlarmStatus.Recovered, icon: UndoIcon },
  { status: ExitAlarmStatus.Lost, icon: ReportIcon },
];

/**
 * Exit alarms (/exit-alarms, issue 26): the tags an exit gate of the chosen store read that were not sold, with the
 * item's picture, description, size, colour and price, its EPC, the last read and how many, and the alarm's status
 * (open by default). The roles that write mark an open one a false alarm, recovered or lost (lost asks first: the item
 * leaves the stock). The live stream (topic exit-alarm) refreshes the list as a gate reads.
 */
export const ExitAlarmsPage = () => {
  const { t, i18n } = useTranslation(['exit-alarms', 'tracking', 'common']);
  const { t: tc } = useTranslation('components');
  const role = useRole();
  const canWrite = role !== undefined && canDo(role, RoleThreshold.write);
  const [status, setStatus] = useState<ExitAlarmFilters['status']>(ExitAlarmStatus.Open);
  const [losing, setLosing] = useState<ExitAlarm | null>(null);
  const resolve = useResolveExitAlarm();
  const filters: ExitAlarmFilters = { status };

  const statuses: Record<string, StatusStyle> = {
    open: { label: t('status.open'), color: 'error' },
    false_alarm: { label: t('status.false_alarm'), color: 'default' },
    recovered: { label: t('status.recovered'), color: 'success' },
    lost: { label: t('status.lost'), color: 'warning' },
  };

  const mark = (alarm: ExitAlarm, next: ExitAlarmResolution) =>
    resolve.mutateAsync({ id: alarm.id, body: { status: next } }).then(() => {
      notify(t(`resolved.${next}`, { epc: alarm.epc }), 'success');
    });

  const columns: Column<ExitAlarm>[] = [
    {
      id: 'item',
      header: t('columns.item'),
      mobile: 'title',
      cell: (row) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          <ItemThumbnail src={row.external_image} description={row.description ?? row.epc} size={48} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="exit-alarm-description">
              {row.description ?? t('unknownItem')}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div" data-testid="exit-alarm-variant">
              {itemVariantText(tc, { size: row.size_primary, colour: row.colour })}
            </Typography>
          </Box>
        </Stack>
      ),
    },
    {
      id: 'price',
      header: t('columns.price'),
      align: 'right',
      cell: (row) => (row.price === null ? '' : formatNumber(Number(row.price), i18n.language)),
    },
    { id: 'epc', header: t('columns.epc'), cell: (row) => <EpcLink epc={row.epc} testId="exit-alarm-epc" isMonospace={false} /> },
    { id: 'time', header: t('columns.lastRead'), cell: (row) => <TwoLineDate value={row.last_read_at} /> },
    {
      id: 'reads',
      header: t('columns.reads'),
      align: 'right',
      cell: (row) => <span data-testid="exit-alarm-reads">{formatQuantity(row.reads, i18n.language)}</span>,
    },
    {
      id: 'status',
      header: t('columns.status'),
      cell: (row) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }} data-testid="exit-alarm-status">
          <StatusChip status={row.status} map={statuses} />
          <Typography variant="caption" color="text.secondary" data-testid="exit-alarm-item-state">
            {t(`tracking:states.${row.current_state}`, { defaultValue: '' })}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      mobile: canWrite,
      cell: (row) =>
        canWrite && row.status === ExitAlarmStatus.Open ? (
          <Stack direction="row" spacing={0}>
            {ACTIONS.map(({ status: next, icon: Icon }) => (
              <Tooltip key={next} title={t(`actions.${next}`)}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={`${t(`actions.${next}`)}: ${row.epc}`}
                    disabled={resolve.isPending}
                    onClick={() => (next === ExitAlarmStatus.Lost ? setLosing(row) : void mark(row, next).catch(() => {}))}
                    data-testid={`exit-alarm-${next}`}
                  >
                    <Icon fontSize="small" color={next === ExitAlarmStatus.Lost ? 'warning' : 'action'} />
                  </IconButton>
                </span>
              </Tooltip>
            ))}
          </Stack>
        ) : null,
    },
  ];

  return (
    <>
      <LocationListPage
        title={t('title')}
        noLocation={t('noLocation')}
        noLocationTestId="exit-alarms-no-location"
        testId="exit-alarms-page"
        filters={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <SelectFilter
              label={t('filters.status')}
              allLabel={t('filters.all')}
              value={status}
              onChange={(value) => setStatus(EXIT_ALARM_STATUSES.find((s) => s === value) ?? '')}
              options={EXIT_ALARM_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
              testId="exit-alarms-filter-status"
            />
          </Stack>
        }
      >
        {(location) => (
          <PagedTable
            {...exitAlarmsPages(location.id, filters)}
            columns={columns}
            emptyText={t('empty')}
            testId="exit-alarms-table"
          />
        )}
      </LocationListPage>
      <ConfirmDialog
        open={losing !== null}
        title={t('lost.title')}
        message={losing ? t('lost.message', { epc: losing.epc, description: losing.description ?? t('unknownItem') }) : ''}
        confirmLabel={t('lost.confirm')}
        cancelLabel={t('lost.cancel')}
        isDanger
        onConfirm={() => (losing ? mark(losing, ExitAlarmStatus.Lost) : undefined)}
        onClose={() => setLosing(null)}
      />
    </>
  );
};
