import DownloadIcon from '@mui/icons-material/Download';
import FilePresentIcon from '@mui/icons-material/FilePresentOutlined';
import HelpIcon from '@mui/icons-material/HelpOutlineOutlined';
import Inventory2Icon from '@mui/icons-material/Inventory2Outlined';
import RuleIcon from '@mui/icons-material/Rule';
import { Box, IconButton, Link, Stack, Tooltip } from '@mui/material';
import type { Inventory } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Column } from '../../../components/paged-table';
import { PercentBar } from '../../../components/percent-bar';
import { StackedDateTimes, TwoLineDate, TwoLineHeader } from '../../../components/two-line';
import { formatQuantity } from '../../../lib/format';
import { countColumns } from '../components/count-columns';
import { InventoryStateChip } from '../components/inventory-state';
import { INVENTORY_PATHS } from '../paths';

/** The row icon of spec section 2: file created, partial or default (in that order of precedence). */
const RowIcon = ({ row }: { row: Inventory }) => {
  const { t } = useTranslation('inventory');
  const [kind, icon] = row.is_file_created
    ? (['fileCreated', <FilePresentIcon key="f" fontSize="small" color="success" />] as const)
    : row.is_partial
      ? (['partial', <RuleIcon key="p" fontSize="small" color="info" />] as const)
      : (['default', <Inventory2Icon key="d" fontSize="small" color="action" />] as const);
  return (
    <Tooltip title={t(`rowIcon.${kind}`)}>
      <Box
        component="span"
        role="img"
        sx={{ display: 'inline-flex' }}
        aria-label={t(`rowIcon.${kind}`)}
        data-testid={`row-icon-${kind}`}
      >
        {icon}
      </Box>
    </Tooltip>
  );
};

/** The inventories' columns (cards on phones); the download icon opens the CSV dialog of `setCsvFor`'s inventory. */
export const useInventoryColumns = (isPhone: boolean, setCsvFor: (id: number) => void): Column<Inventory>[] => {
  const { t, i18n } = useTranslation(['inventory', 'common']);
  const quantity = (n: number) => formatQuantity(n, i18n.language);
  return [
    { id: 'icon', header: '', cell: (row) => <RowIcon row={row} />, mobile: false },
    {
      id: 'id',
      header: t('columns.id'),
      cell: (row) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {isPhone && <RowIcon row={row} />}
          <Link component={RouterLink} to={INVENTORY_PATHS.detail(row.id)} data-testid="inventory-link">
            {row.id}
          </Link>
        </Stack>
      ),
      mobile: 'title',
    },
    {
      id: 'area',
      header: isPhone ? t('columns.area') : <TwoLineHeader title={t('columns.area')} detail={t('columns.type')} />,
      cell: (row) =>
        isPhone ? (
          <span data-testid="inventory-row-area">{row.location_area_description}</span>
        ) : (
          <Box component="span" sx={{ display: 'inline-block' }}>
            <span data-testid="inventory-row-area">{row.location_area_description}</span>
            <Box component="span" sx={{ display: 'block', color: 'text.secondary', typography: 'caption' }}>
              {row.is_partial ? t('types.partial') : t('types.total')}
            </Box>
          </Box>
        ),
    },
    ...(isPhone
      ? [
          {
            id: 'type',
            header: t('columns.type'),
            cell: (row: Inventory) => (row.is_partial ? t('types.partial') : t('types.total')),
          },
        ]
      : []),
    { id: 'state', header: t('columns.state'), cell: (row) => <InventoryStateChip state={row.state} /> },
    isPhone
      ? { id: 'start', header: t('columns.start'), cell: (row: Inventory) => <TwoLineDate value={row.start_time} /> }
      : {
          id: 'dates',
          header: <TwoLineHeader title={t('columns.start')} detail={t('columns.end')} />,
          cell: (row: Inventory) => <StackedDateTimes first={row.start_time} second={row.end_time} />,
        },
    ...countColumns<Inventory>({
      header: (count) => t(`columns.${count}`),
      counts: (row) => ({ expected: row.theorical_stock, read: row.items, missing: row.missing_items, excess: row.excess_items }),
      testIdPrefix: 'inventory-row',
      quantity,
    }),
    {
      id: 'progress',
      header: t('columns.progress'),
      cell: (row) => <PercentBar value={row.progress} minWidth={isPhone ? 120 : 90} />,
    },
    {
      id: 'actions',
      header: t('columns.actions'),
      cell: (row) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: { xs: 'flex-end', md: 'flex-start' } }}>
          <Tooltip title={t('actions.items')}>
            <IconButton
              size="small"
              component={RouterLink}
              to={INVENTORY_PATHS.items(row.id)}
              aria-label={t('actions.items')}
              data-testid="inventory-items-link"
            >
              <HelpIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('actions.download')}>
            <IconButton
              size="small"
              onClick={() => setCsvFor(row.id)}
              aria-label={t('actions.download')}
              data-testid="inventory-download"
            >
              <DownloadIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];
};
