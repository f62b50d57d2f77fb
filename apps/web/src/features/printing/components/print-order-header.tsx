import { Card, CardContent, Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { PercentBar } from '../../../components/percent-bar';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime } from '../../../lib/format';
import { usePrintOrder } from '../api/get-print-order';
import { printErrorText } from './print-error-text';
import { printStateMap } from './print-state';

/** The facts of a print order above its contents and labels: name, state, format, labels printed. */
export const PrintOrderHeader = ({ id }: { id: string }) => {
  const { t } = useTranslation('printing');
  const order = usePrintOrder(id);
  if (order.isError) return <LoadErrorAlert error={order.error} testId="print-order-error" />;
  const data = order.data;
  const facts = [
    { id: 'name', label: t('list.name'), value: data?.name || '—' },
    { id: 'state', label: t('list.state'), value: data ? <StatusChip status={data.state} map={printStateMap(t)} /> : '' },
    { id: 'date', label: t('list.date'), value: formatDateTime(data?.creation_date) },
    {
      id: 'format',
      label: t('list.tagFormat'),
      value: data ? `${data.tag_company_format.tag_type.reference} · ${data.tag_company_format.tag_format.description}` : '',
    },
    { id: 'quantity', label: t('list.quantity'), value: data?.total_quantity ?? '' },
    { id: 'next', label: t('header.next'), value: data ? Math.min(data.from_label, data.total_quantity) : '' },
  ];
  return (
    <Card data-testid="print-order-header">
      <CardContent>
        <Grid container spacing={2}>
          {facts.map((fact) => (
            <Grid key={fact.id} size={{ xs: 6, md: 2 }}>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {fact.label}
              </Typography>
              <Typography
                component="div"
                variant="body1"
                sx={{ overflowWrap: 'anywhere' }}
                data-testid={`print-header-${fact.id}`}
              >
                {fact.value}
              </Typography>
            </Grid>
          ))}
          <Grid size={12}>
            <Typography variant="caption" color="text.secondary">
              {t('header.printed', { progress: data?.progress ?? 0, total: data?.total_quantity ?? 0 })}
            </Typography>
            <PercentBar value={data?.total_quantity ? (data.progress / data.total_quantity) * 100 : 0} />
            {data?.voided_labels ? (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="print-header-voided">
                {t('header.voided', { count: data.voided_labels })}
                {data.replaced_labels ? ` · ${t('header.replaced', { count: data.replaced_labels })}` : ''}
              </Typography>
            ) : null}
            {data?.state === 'ERROR' && data.error && (
              <Typography variant="body2" color="error" data-testid="print-header-error">
                {printErrorText(data, t)}
              </Typography>
            )}
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
};
