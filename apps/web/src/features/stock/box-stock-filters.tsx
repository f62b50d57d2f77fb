import DownloadIcon from '@mui/icons-material/Download';
import GridOnIcon from '@mui/icons-material/GridOn';
import { Box, Button, Stack, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TextFilter } from '../../components/text-filter';
import { AreaSelect } from './area-select';
import type { BoxStockTabName } from './box-stock-tab';

/** The filters (area, codebar), the tracking's downloads and the two tabs. */
export const BoxStockFilters = ({
  locationId,
  area,
  setArea,
  codebarText,
  setCodebarText,
  tab,
  setTab,
  setDownloading,
}: {
  locationId: number;
  area: string;
  setArea: (area: string) => void;
  codebarText: string;
  setCodebarText: (text: string) => void;
  tab: BoxStockTabName;
  setTab: (tab: BoxStockTabName) => void;
  setDownloading: (format: 'csv' | 'xlsx') => void;
}) => {
  const { t } = useTranslation(['stock', 'common']);
  const areaId = Number(area || 0);
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <AreaSelect locationId={locationId} value={area} onChange={setArea} allLabel={t('allAreas')} testId="stock-area" />
        <TextFilter label={t('filters.codebar')} value={codebarText} onChange={setCodebarText} testId={'filter-codebar'} />
        <Box sx={{ flexGrow: 1 }} />
        {tab === 'tracking' && (
          <>
            <Button
              startIcon={<DownloadIcon />}
              disabled={areaId === 0}
              onClick={() => setDownloading('csv')}
              data-testid="box-tracking-download"
            >
              {t('boxStock.download')}
            </Button>
            <Button
              startIcon={<GridOnIcon />}
              disabled={areaId === 0}
              onClick={() => setDownloading('xlsx')}
              data-testid="box-tracking-download-xlsx"
            >
              {t('boxStock.downloadXlsx')}
            </Button>
          </>
        )}
      </Stack>
      <Tabs value={tab} onChange={(_, next: BoxStockTabName) => setTab(next)} variant="fullWidth" sx={{ maxWidth: 480 }}>
        <Tab value="stock" label={t('boxStock.stockTab')} data-testid="box-tab-stock" />
        <Tab value="tracking" label={t('boxStock.trackingTab')} data-testid="box-tab-tracking" />
      </Tabs>
    </Stack>
  );
};
