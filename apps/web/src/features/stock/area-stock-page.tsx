import { zodResolver } from '@hookform/resolvers/zod';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Stack } from '@mui/material';
import { intId } from '@rfid/contract';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { LinkButton } from '../../components/link-button';
import { TextFilter } from '../../components/text-filter';
import { canCreateOrders, useRole } from '../auth';
import { getAreaSummary } from './api/get-area-summary';
import { AreaSelect } from './area-select';
import { stockKeys } from './keys';
import { StockTable, useStockColumns } from './stock-columns';
import { StockListPage } from './stock-list-page';
import { STOCK_PATHS } from './stock-paths';
import { useEmptyNotice } from './use-empty-notice';

/** The filter form: an area of the location (required; its row id, as the select gives it) and the GTIN's digits. */
const areaStockSchema = z.object({
  area: intId(),
  gtin: z.string().transform((gtin) => gtin.replace(/\D/g, '')),
});
type AreaStockForm = { area: string; gtin: string };
// The contract's id reads any input (`unknown`); the select gives it the row's id as text.
const areaStockResolver = zodResolver(areaStockSchema) as unknown as Resolver<
  AreaStockForm,
  unknown,
  z.output<typeof areaStockSchema>
>;

/**
 * Stock by area (/inventory/stocks): choose an area of the current location and Submit; the
 * table shows its stock per GTIN (items STOCKED + counted stock), 11 per page, most first, with
 * the minimum stock of each GTIN there (a link to its form). `?area=` opens an area directly.
 */
export const AreaStockPage = () => {
  const { t } = useTranslation('stock');
  const role = useRole();
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('area') ?? '';
  const { handleSubmit, setValue, watch } = useForm<AreaStockForm, unknown, z.output<typeof areaStockSchema>>({
    resolver: areaStockResolver,
    defaultValues: { area: fromUrl, gtin: '' },
  });
  const { area, gtin } = watch();
  const [submitted, setSubmitted] = useState(fromUrl ? { area: fromUrl, gtin: '' } : null);
  // A link to another area's stock while this page is open (`?area=` changes, the page stays): show that area.
  useEffect(() => {
    if (!fromUrl) return;
    setSubmitted((current) => (current?.area === fromUrl ? current : { area: fromUrl, gtin: '' }));
    setValue('area', fromUrl);
  }, [fromUrl, setValue]);
  const noticeEmpty = useEmptyNotice();
  const areaId = Number(submitted?.area ?? 0);
  const columns = useStockColumns({ areaId });

  // Submit is enabled once an area is chosen; the table and the address follow the form only when it is sent.
  const submit = handleSubmit((filters) => {
    const chosen = String(filters.area);
    setSubmitted({ area: chosen, gtin: filters.gtin });
    setParams({ area: chosen }, { replace: true });
  });

  return (
    <StockListPage
      title={t('areaStock.title')}
      testId="area-stock"
      filters={(location) => (
        <Stack
          component="form"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { sm: 'flex-start' } }}
          onSubmit={(event) => void submit(event)}
        >
          <AreaSelect locationId={location.id} value={area} onChange={(next) => setValue('area', next)} testId="stock-area" />
          <TextFilter
            label={t('filters.gtin')}
            value={gtin}
            onChange={(next) => setValue('gtin', next)}
            testId={'filter-gtin'}
            numeric
          />
          <Button type="submit" variant="contained" disabled={!area} data-testid="stock-submit">
            {t('areaStock.submit')}
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {canCreateOrders(role) && (
            <LinkButton
              to={`${STOCK_PATHS.upload}${area ? `?area=${area}` : ''}`}
              icon={<UploadIcon />}
              testId="stock-upload-link"
            >
              {t('areaStock.upload')}
            </LinkButton>
          )}
        </Stack>
      )}
    >
      {() =>
        submitted && areaId > 0 ? (
          <StockTable
            queryKey={stockKeys.areaSummary(areaId, { gtin: submitted.gtin, omit: true })}
            fetchPage={(page) =>
              getAreaSummary(areaId, { gtin: submitted.gtin, omit: true }, page).then((answer) =>
                noticeEmpty(JSON.stringify(submitted), answer),
              )
            }
            columns={columns}
            emptyText={t('areaStock.empty')}
            testId="area-stock-table"
          />
        ) : (
          <Alert severity="info" data-testid="area-stock-hint">
            {t('areaStock.chooseArea')}
          </Alert>
        )
      }
    </StockListPage>
  );
};
