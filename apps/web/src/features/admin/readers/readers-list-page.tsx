import AddIcon from '@mui/icons-material/Add';
import { Button, Checkbox, Chip, Link, MenuItem, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { ReaderType, RoleThreshold } from '@rfid/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FilterBar } from '../../../components/filter-bar';
import { type Column, PagedTable } from '../../../components/paged-table';
import { TwoLineHeader } from '../../../components/two-line';
import { useCurrentLocation } from '../../../lib/current-location';
import { useNotify } from '../../../lib/notifier';
import { hasRole, useRole } from '../../auth';
import { adminKeys } from '../api/admin-keys';
import { getReaders, READERS_PAGE_SIZE, type ReaderFilters, readersQueryKey } from '../api/get-readers';
import { useUpdateReader } from '../api/save-reader';
import type { Reader } from '../api/types';
import { editColumn } from '../shared/admin-form';
import { AdminPage } from '../shared/admin-page';
import { translateMessage } from '../shared/messages';
import { readerTypeOptions, workingModeOptions } from '../shared/modes';
import { ReaderLinkChip } from './reader-link-state';

const editPath = (reader: Reader) => `/administrador/devices/${reader.id}/edit`;

/**
 * Readers: 11 per page, filter by MAC and serial; working mode and reader type are changed in the
 * row (working mode only when the reader type is All); the state column shows only when a row has one.
 */
export const ReadersListPage = () => {
  const { t } = useTranslation('admin');
  const role = useRole();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const notify = useNotify();
  const queryClient = useQueryClient();
  const update = useUpdateReader();
  const [filters, setFilters] = useState<ReaderFilters>({ mac_address__icontains: '', serial_number__icontains: '' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [hasState, setHasState] = useState(false);
  // As the spec's call does, the list shows the readers of the location picked in the header.
  const location = useCurrentLocation();
  const scope = { ...filters, locationId: location?.id };
  const modes = workingModeOptions(t, { isList: true });
  const types = readerTypeOptions(t);

  const change = (reader: Reader, body: { working_mode: number } | { reader_type: number }) =>
    update.mutate(
      { id: reader.id, body },
      {
        onSuccess: () => notify(t('readers.updated'), 'success'),
        onError: (error) => notify(translateMessage(error.message), 'error'),
        onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.readers }),
      },
    );
  /** A column whose cell chooses one of the reader's numbers (working mode, reader type), saved at once. */
  const selectColumn = ({
    id,
    field,
    header,
    options,
    minWidth,
    isDisabled = () => false,
  }: {
    id: 'mode' | 'type';
    field: 'working_mode' | 'reader_type';
    header: string;
    options: { value: number; label: string }[];
    minWidth: number;
    isDisabled?: (row: Reader) => boolean;
  }): Column<Reader> => ({
    id,
    header,
    cell: (row) => (
      <CellSelect
        label={`${header} ${row.serial_number}`}
        value={row[field]}
        options={options}
        isDisabled={isDisabled(row)}
        onChange={(value) => change(row, field === 'working_mode' ? { working_mode: value } : { reader_type: value })}
        testId={`${id}-${row.serial_number}`}
        minWidth={minWidth}
      />
    ),
  });
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<Reader>[] = [
    {
      id: 'select',
      header: '',
      mobile: false,
      cell: (row) => (
        <Checkbox
          size="small"
          checked={selected.has(row.id)}
          onChange={() => toggle(row.id)}
          slotProps={{ input: { 'aria-label': row.serial_number } }}
        />
      ),
    },
    {
      id: 'serial',
      // Desktop: the MAC under the serial keeps every column, the Edit one included, within 1280 px with the menu open.
      header: isPhone ? t('readers.serial') : <TwoLineHeader title={t('readers.serial')} detail={t('readers.mac')} />,
      // The serial leads to the reader's edit page too.
      cell: (row) => (
        <>
          <Link component={RouterLink} to={editPath(row)} data-testid={`serial-${row.serial_number}`}>
            {row.serial_number}
          </Link>
          {!isPhone && (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {row.mac_address}
            </Typography>
          )}
        </>
      ),
      mobile: 'title',
    },
    ...(isPhone ? [{ id: 'mac', header: t('readers.mac'), cell: (row: Reader) => row.mac_address }] : []),
    {
      id: 'area',
      header: t('readers.area'),
      cell: (row) => (
        <Link component={RouterLink} to={`/administrador/areas/${row.locationArea1}/edit`}>
          {row.description_area_locationArea1}
        </Link>
      ),
    },
    selectColumn({
      id: 'mode',
      field: 'working_mode',
      header: t('readers.workingMode'),
      options: modes,
      minWidth: 140,
      isDisabled: (row) => row.reader_type !== ReaderType.All,
    }),
    ...(hasState
      ? [
          {
            id: 'state',
            header: t('readers.state'),
            cell: (row: Reader) => (
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {row.state && (
                  <Chip
                    size="small"
                    color={row.state === 'ON' ? 'success' : 'default'}
                    label={t(`readers.states.${row.state}`)}
                  />
                )}
                <ReaderLinkChip reader={row} />
              </Stack>
            ),
          },
        ]
      : []),
    selectColumn({ id: 'type', field: 'reader_type', header: t('readers.readerType'), options: types, minWidth: 100 }),
    editColumn<Reader>({
      header: t('actions.edit'),
      to: editPath,
      name: (row) => row.serial_number,
      testId: (row) => `edit-reader-${row.serial_number}`,
    }),
  ];
  return (
    <AdminPage
      title={location ? t('readers.titleAt', { location: location.description }) : t('readers.title')}
      testId="readers-page"
      actions={
        hasRole(role, RoleThreshold.device) && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/administrador/devices/add">
            {t('readers.add')}
          </Button>
        )
      }
    >
      <FilterBar
        fields={[
          { name: 'mac_address__icontains', label: t('readers.mac') },
          { name: 'serial_number__icontains', label: t('readers.serial') },
        ]}
        value={filters}
        onChange={setFilters}
      />
      <PagedTable
        queryKey={readersQueryKey(scope)}
        fetchPage={async (page) => {
          const answer = await getReaders({ ...scope, ...page });
          setHasState(answer.results.some((reader) => Boolean(reader.state)));
          return answer;
        }}
        pageSize={READERS_PAGE_SIZE}
        rowKey={(row) => row.id}
        columns={columns}
        testId="readers-table"
      />
    </AdminPage>
  );
};

/** A number chosen in a row of the list (working mode, reader type), saved as soon as it changes. */
const CellSelect = ({
  label,
  value,
  options,
  isDisabled = false,
  onChange,
  testId,
  minWidth,
}: {
  /** Accessible name: the column and the reader. */
  label: string;
  value: number;
  options: { value: number; label: string }[];
  isDisabled?: boolean;
  onChange: (value: number) => void;
  testId: string;
  minWidth: number;
}) => (
  <TextField
    select
    size="small"
    variant="standard"
    value={value}
    disabled={isDisabled}
    onChange={(event) => onChange(Number(event.target.value))}
    slotProps={{ htmlInput: { 'aria-label': label } }}
    data-testid={testId}
    sx={{ minWidth }}
  >
    {options.map((option) => (
      <MenuItem key={option.value} value={option.value}>
        {option.label}
      </MenuItem>
    ))}
  </TextField>
);
