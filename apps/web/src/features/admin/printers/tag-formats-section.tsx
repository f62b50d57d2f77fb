import { Box, Switch, Typography } from '@mui/material';
import { RoleThreshold, type TagFormat } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { type Column, PagedTable } from '../../../components/paged-table';
import { useNotify } from '../../../lib/notifier';
import { hasRole, useRole } from '../../auth';
import { tagFormatsPages } from '../api/get-tag-formats';
import { useSetTagFormatQr } from '../api/set-tag-format-qr';

/**
 * The company's tag formats under the printers (issue 17, item 6): per format, the switch that makes its labels carry
 * a QR code of the item's GS1 Digital Link URI. Role 1 changes it; roles 2 to 4 see it.
 */
export const TagFormatsSection = () => {
  const { t } = useTranslation('admin');
  const role = useRole();
  const notify = useNotify();
  const setQr = useSetTagFormatQr();
  const canChange = hasRole(role, RoleThreshold.printer);
  const columns: Column<TagFormat>[] = [
    { id: 'description', header: t('tagFormats.description'), cell: (row) => row.description, mobile: 'title' },
    {
      id: 'digital_link_qr',
      header: t('tagFormats.digitalLinkQr'),
      align: 'right',
      cell: (row) => (
        <Switch
          size="small"
          checked={row.digital_link_qr}
          disabled={!canChange || (setQr.isPending && setQr.variables?.id === row.id)}
          onChange={(_event, checked) =>
            setQr.mutate(
              { id: row.id, digital_link_qr: checked },
              {
                onSuccess: () =>
                  notify(t(checked ? 'tagFormats.qrOn' : 'tagFormats.qrOff', { name: row.description }), 'success'),
              },
            )
          }
          slotProps={{ input: { 'aria-label': `${t('tagFormats.digitalLinkQr')}: ${row.description}` } }}
          data-testid={`tag-format-qr-${row.id}`}
        />
      ),
    },
  ];
  return (
    <Box sx={{ mt: 4 }} data-testid="tag-formats-section">
      <Typography variant="h6" component="h2">
        {t('tagFormats.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('tagFormats.digitalLinkQrHelp', { placeholder: '{{digital_link_qr}}' })}
      </Typography>
      <PagedTable {...tagFormatsPages()} columns={columns} refetchInterval={false} mobile="table" testId="tag-formats-table" />
    </Box>
  );
};
