import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import UploadIcon from '@mui/icons-material/Upload';
import { Button, IconButton, Tooltip } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { type Column, PagedTable } from '../../../components/paged-table';
import { useNotify } from '../../../lib/notifier';
import { hasRole, useRole } from '../../auth';
import { adminKeys } from '../api/admin-keys';
import { useDeletePrinter } from '../api/delete-printer';
import { getPrinters, PRINTERS_PAGE_SIZE } from '../api/get-printers';
import type { Printer } from '../api/types';
import { EditLink } from '../shared/admin-form';
import { AdminPage } from '../shared/admin-page';
import { PRINTER_BASE } from '../shared/paths';
import { TagFormatsSection } from './tag-formats-section';

/**
 * Printers: 11 per page, links to upload and edit, Delete with a No/Yes confirmation; below them (roles ≤ 2) the
 * company's tag formats with their GS1 Digital Link QR switch.
 */
export const PrintersListPage = () => {
  const { t } = useTranslation('admin');
  const role = useRole();
  const notify = useNotify();
  const remove = useDeletePrinter();
  const [deleting, setDeleting] = useState<Printer | null>(null);
  const columns: Column<Printer>[] = [
    { id: 'description', header: t('printers.description'), cell: (row) => row.description, mobile: 'title' },
    { id: 'mac', header: t('printers.mac'), cell: (row) => row.mac },
    { id: 'area', header: t('printers.area'), cell: (row) => row.location_area?.description },
    { id: 'ip', header: t('printers.ip'), cell: (row) => `${row.ip_address}:${row.port}` },
    {
      id: 'actions',
      header: t('printers.actions'),
      align: 'right',
      cell: (row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={t('printers.upload')}>
            <IconButton
              component={RouterLink}
              to={`${PRINTER_BASE}/${row.id}/upload`}
              size="small"
              aria-label={t('printers.upload')}
            >
              <UploadIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('actions.edit')}>
            <EditLink
              to={`${PRINTER_BASE}/${row.id}/edit`}
              label={`${t('actions.edit')} ${row.description}`}
              testId={`edit-printer-${row.id}`}
            />
          </Tooltip>
          <Tooltip title={t('printers.delete')}>
            <IconButton
              size="small"
              color="error"
              onClick={() => setDeleting(row)}
              aria-label={`${t('printers.delete')} ${row.description}`}
              data-testid={`delete-printer-${row.id}`}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </span>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('printers.title')}
      testId="printers-page"
      actions={
        hasRole(role, RoleThreshold.printer) && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={`${PRINTER_BASE}/add`}>
            {t('printers.add')}
          </Button>
        )
      }
    >
      <PagedTable
        queryKey={adminKeys.printerList}
        fetchPage={getPrinters}
        pageSize={PRINTERS_PAGE_SIZE}
        rowKey={(row) => row.id}
        columns={columns}
        testId="printers-table"
      />
      {hasRole(role, RoleThreshold.adminMenu) && <TagFormatsSection />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('printers.deleteTitle')}
        message={t('printers.deleteBody', { name: deleting?.description })}
        isDanger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          notify(t('printers.deleted'), 'success');
        }}
      />
    </AdminPage>
  );
};
