import { Chip, Link, MenuItem, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import { ReaderType } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { linkCell } from '../../../components/link-cell';
import type { Column } from '../../../components/paged-table';
import { tickColumn } from '../../../components/tick-column';
import { TwoLineHeader } from '../../../components/two-line';
import type { Reader } from '../api/types';
import { editColumn } from '../shared/admin-form';
import { readerTypeOptions, workingModeOptions } from '../shared/modes';
import { ReaderLinkChip } from './reader-link-state';
import type { ReadersList } from './use-readers-list';

const editPath = (reader: Reader) => `/administrador/devices/${reader.id}/edit`;

/** The readers' columns: tick, serial (and MAC), area, working mode, state (when a row has one), type and Edit. */
export const useReaderColumns = ({ selected, toggle, hasState, change }: ReadersList): Column<Reader>[] => {
  const { t } = useTranslation('admin');
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const modes = workingModeOptions(t, { isList: true });
  const types = readerTypeOptions(t);
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
  return [
    tickColumn({
      id: 'select',
      header: '',
      mobile: false,
      isTicked: (row) => selected.has(row.id),
      toggle: (row) => toggle(row.id),
      label: (row) => row.serial_number,
    }),
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
      cell: linkCell((row) => ({
        to: `/administrador/areas/${row.locationArea1}/edit`,
        text: row.description_area_locationArea1,
      })),
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
