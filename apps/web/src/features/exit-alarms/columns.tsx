import BlockIcon from '@mui/icons-material/Block';
import ReportIcon from '@mui/icons-material/Report';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { type ExitAlarm, type ExitAlarmResolution, ExitAlarmStatus } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { EpcLink } from '../../components/epc-link';
import { ItemThumbnail, itemVariantText } from '../../components/item-type';
import type { Column } from '../../components/paged-table';
import { quantityColumn } from '../../components/quantity-column';
import { StatusChip, statusStyles } from '../../components/status-chip';
import { TwoLineDate } from '../../components/two-line';
import { formatNumber } from '../../lib/format';

/** The three resolutions, each with its icon. */
const ACTIONS: { status: ExitAlarmResolution; icon: typeof BlockIcon }[] = [
  { status: ExitAlarmStatus.FalseAlarm, icon: BlockIcon },
  { status: ExitAlarmStatus.Recovered, icon: UndoIcon },
  { status: ExitAlarmStatus.Lost, icon: ReportIcon },
];

/**
 * The alarms' columns: item, price, EPC, last read, reads, status and, for the roles that write, the resolutions of an
 * open alarm (`mark` at once; lost through `setLosing`, which asks first).
 */
export const useExitAlarmColumns = ({
  canWrite,
  isResolving,
  mark,
  setLosing,
}: {
  canWrite: boolean;
  isResolving: boolean;
  mark: (alarm: ExitAlarm, next: ExitAlarmResolution) => Promise<void>;
  setLosing: (alarm: ExitAlarm) => void;
}): Column<ExitAlarm>[] => {
  const { t, i18n } = useTranslation(['exit-alarms', 'tracking', 'common']);
  const { t: tc } = useTranslation('components');
  const statuses = statusStyles({ open: 'error', false_alarm: 'default', recovered: 'success', lost: 'warning' }, (status) =>
    t(`status.${status}`),
  );

  return [
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
    quantityColumn({
      id: 'reads',
      header: t('columns.reads'),
      value: (row) => row.reads,
      language: i18n.language,
      testId: 'exit-alarm-reads',
    }),
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
                    disabled={isResolving}
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
};
