import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DownloadIcon from '@mui/icons-material/Download';
import RemoveCircleOutlineIcon from '@mui/icons-material/HighlightOff';
import { Button, Stack, Tooltip } from '@mui/material';
import { RoleThreshold } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DownloadDialog } from '../../../components/download-dialog';
import { FilterBar } from '../../../components/filter-bar';
import { type Column, PagedTable } from '../../../components/paged-table';
import { hasRole, useRole } from '../../auth';
import { adminKeys } from '../api/admin-keys';
import { getAdminLocations, LOCATIONS_PAGE_SIZE, type LocationFilters } from '../api/get-admin-locations';
import type { AdminLocation } from '../api/types';
import { EditLink } from '../shared/admin-form';
import { AdminPage } from '../shared/admin-page';

/** Locations list: 20 per page, filter by description and code; active column and billing file for role 1. */
export const LocationsListPage = () => {
  const { t } = useTranslation('admin');
  const role = useRole();
  const isCompanyAdmin = hasRole(role, RoleThreshold.billing);
  const [filters, setFilters] = useState<LocationFilters>({ description__icontains: '', code__icontains: '' });
  const [isDownloading, setDownloading] = useState(false);
  const columns: Column<AdminLocation>[] = [
    { id: 'description', header: t('locations.description'), cell: (row) => row.description, mobile: 'title' },
    { id: 'code', header: t('locations.code'), cell: (row) => row.code },
    { id: 'brand', header: t('locations.brand'), cell: (row) => row.brand_description ?? '—' },
    ...(isCompanyAdmin
      ? [
          {
            id: 'active',
            header: t('locations.active'),
            align: 'center' as const,
            cell: (row: AdminLocation) =>
              row.active ? (
                <CheckCircleIcon color="success" fontSize="small" aria-label={t('locations.isActive')} />
              ) : (
                <RemoveCircleOutlineIcon color="disabled" fontSize="small" aria-label={t('locations.isInactive')} />
              ),
          },
        ]
      : []),
    {
      id: 'edit',
      header: t('actions.edit'),
      align: 'right',
      cell: (row) => (
        <Tooltip title={t('actions.edit')}>
          <EditLink
            to={`/administrador/locations/${row.id}/edit`}
            label={`${t('actions.edit')} ${row.description}`}
            testId={`edit-location-${row.code}`}
          />
        </Tooltip>
      ),
    },
  ];
  return (
    <AdminPage
      title={t('locations.title')}
      testId="locations-page"
      actions={
        <Stack direction="row" spacing={1}>
          {isCompanyAdmin && (
            <Button startIcon={<DownloadIcon />} onClick={() => setDownloading(true)} data-testid="billing-download">
              {t('locations.billing')}
            </Button>
          )}
          {hasRole(role, RoleThreshold.center) && (
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/administrador/locations/add">
              {t('locations.add')}
            </Button>
          )}
        </Stack>
      }
    >
      <FilterBar
        fields={[
          { name: 'description__icontains', label: t('locations.description') },
          { name: 'code__icontains', label: t('locations.code') },
        ]}
        value={filters}
        onChange={setFilters}
      />
      <PagedTable
        queryKey={adminKeys.locationList(filters)}
        fetchPage={(page) => getAdminLocations({ ...filters, ...page })}
        pageSize={LOCATIONS_PAGE_SIZE}
        rowKey={(row) => row.id}
        columns={columns}
        testId="locations-table"
      />
      <DownloadDialog
        open={isDownloading}
        onClose={() => setDownloading(false)}
        path="/active_locations_all/"
        fileName="facturation.csv"
        title={t('locations.billing')}
      />
    </AdminPage>
  );
};
