import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButtons } from '../../components/export-buttons';
import { TextFilter } from '../../components/text-filter';
import { useDebounced } from '../../lib/use-debounced';
import { AreaSelect } from './area-select';
import type { BoxStockTabName } from './box-stock-tab';

/**
 * The box stock's filter state: the area ('' for all), the codebar as typed and as searched (trimmed, after a pause),
 * the tab, and the tracking file being downloaded (the CSV or the same rows as an Excel workbook).
 */
export const useBoxStockFilters = () => {
  const [area, setArea] = useState('');
  const [codebarText, setCodebarText] = useState('');
  const codebar = useDebounced(codebarText.trim(), 400);
  const [tab, setTab] = useState<BoxStockTabName>('stock');
  const [downloading, setDownloading] = useState<'csv' | 'xlsx' | null>(null);
  return { area, setArea, codebarText, setCodebarText, codebar, tab, setTab, downloading, setDownloading };
};

/** The filters (area, codebar), the tracking's downloads and the two tabs, over `filters` (useBoxStockFilters). */
export const BoxStockFilters = ({
  locationId,
  filters,
}: {
  locationId: number;
  filters: ReturnType<typeof useBoxStockFilters>;
}) => {
  const { area, setArea, codebarText, setCodebarText, tab, setTab, setDownloading } = filters;
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
