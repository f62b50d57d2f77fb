import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { linkCell } from '../../../components/link-cell';
import { type Column, PagedTable } from '../../../components/paged-table';
import { locationAreasPages } from '../api/get-location-areas';
import type { Area } from '../api/types';
import { editColumn } from '../shared/admin-form';
import { AdminPage } from '../shared/admin-page';

/** The location's areas, 11 per page: stock, description, location link and Edit. */
export const LocationAreas = ({ locationId }: { locationId: number }) => {
  const { t } = useTranslation('admin');
  const columns: Column<Area>[] = [
    { id: 'description', header: t('areas.description'), cell: (row) => row.description, mobile: 'title' },
    { id: 'stock', header: t('areas.stock'), cell: (row) => row.stock, align: 'right' },
    { id: 'gln_extension', header: t('areas.glnExtension'), cell: (row) => row.gln_extension ?? '' },
    { id: 'kind', header: t('areas.kind'), cell: (row) => t(`areaKinds.${row.kind}`) },
    {
      id: 'location',
      header: t('areas.location'),
      cell: linkCell((row) => ({ to: `/administrador/locations/${row.location_id}/edit`, text: row.location_description })),
    },
    editColumn<Area>({
      header: t('actions.edit'),
      to: (row) => `/administrador/areas/${row.id}/edit`,
      name: (row) => row.description,
      testId: (row) => `edit-area-${row.id}`,
    }),
  ];
  return (
    <AdminPage
      title={t('areas.title')}
      maxWidth={900}
      testId="location-areas"
      actions={
        <LinkButton
          to={`/administrador/areas/add?location=${locationId}`}
          icon={<AddIcon />}
          variant="contained"
          testId="add-area"
        >
          {t('areas.add')}
        </LinkButton>
      }
    >
      <PagedTable {...locationAreasPages(locationId)} columns={columns} testId="areas-table" />
    </AdminPage>
  );
};
