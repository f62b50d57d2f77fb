import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ExportButtons } from '../../components/export-buttons';
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
          <ExportButtons
            disabled={areaId === 0}
            onPick={setDownloading}
            labels={{ csv: t('boxStock.download'), xlsx: t('boxStock.downloadXlsx') }}
            testIds={{ csv: 'box-tracking-download', xlsx: 'box-tracking-download-xlsx' }}
          />
        )}
      </Stack>
      <Tabs value={tab} onChange={(_, next: BoxStockTabName) => setTab(next)} variant="fullWidth" sx={{ maxWidth: 480 }}>
        <Tab value="stock" label={t('boxStock.stockTab')} data-testid="box-tab-stock" />
        <Tab value="tracking" label={t('boxStock.trackingTab')} data-testid="box-tab-tracking" />
      </Tabs>
    </Stack>
  );
};
