import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Box, Card, CardContent, LinearProgress, Link, Stack, Typography } from '@mui/material';
import type { LocateAnswer } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { FormAlert, searchStatus } from '../../components/form-alert';
import { TitleText } from '../../components/page-title';
import { formatDateTime } from '../../lib/format';
import { useLocateItem } from './api/locate-item';

/** The RSSI a handheld reports from far away and from right next to the tag (dBm): the gauge's ends. */
const WEAKEST_DBM = -90;
const STRONGEST_DBM = -30;
/** A change smaller than this (dB) is noise, not a step closer or further. */
const STEADY_DB = 2;

/** The gauge's fill (0 to 100) for an RSSI. */
export const rssiPercent = (rssi: number): number =>
  Math.round(Math.min(100, Math.max(0, ((rssi - WEAKEST_DBM) / (STRONGEST_DBM - WEAKEST_DBM)) * 100)));

/** Whether the signal got stronger or weaker between the two latest reads (with their RSSI). */
export const rssiTrend = (reads: LocateAnswer['reads']): 'stronger' | 'weaker' | 'steady' | null => {
  const [latest, previous] = reads.filter((r) => r.rssi !== null);
  if (!latest || !previous || latest.rssi === null || previous.rssi === null) return null;
  const delta = latest.rssi - previous.rssi;
  if (Math.abs(delta) < STEADY_DB) return 'steady';
  return delta > 0 ? 'stronger' : 'weaker';
};

/**
 * Locate one EPC (issue 26, item 6): a big gauge of the signal strength of its latest read, stronger or weaker than the
 * one before, following a handheld's stream reads (polled every second: each read is traced with its RSSI).
 */
export const LocatePage = () => {
  const { t } = useTranslation(['availability', 'common']);
  const epc = decodeURIComponent(useParams().epc ?? '');
  const locate = useLocateItem(epc);
  const reads = locate.data?.reads ?? [];
  const latest = reads[0];
  const trend = rssiTrend(reads);
  return (
    <Stack spacing={2} data-testid="locate-page">
      <div>
        <TitleText
          title={t('locate.title')}
          subtitle={
            <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              {epc}
            </Box>
          }
        />
      </div>
      <FormAlert
        status={searchStatus(locate, locate.data?.found === false, {
          fallback: t('common:errors.connection'),
          nothing: t('locate.notFound'),
        })}
      />
      <Card>
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
            <Typography variant="body2" color="text.secondary">
              {t('locate.hint')}
            </Typography>
            <Typography variant="h2" component="p" data-testid="locate-rssi">
              {latest?.rssi === null || latest === undefined ? '—' : t('locate.dbm', { value: latest.rssi.toFixed(1) })}
            </Typography>
            <Box sx={{ width: '100%', maxWidth: 560 }}>
              <LinearProgress
                variant="determinate"
                value={latest?.rssi == null ? 0 : rssiPercent(latest.rssi)}
                sx={{ height: 28, borderRadius: 2 }}
                aria-label={t('locate.gauge')}
                data-testid="locate-gauge"
              />
            </Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32 }} data-testid="locate-trend">
              {trend === 'stronger' && <ArrowUpwardIcon color="success" />}
              {trend === 'weaker' && <ArrowDownwardIcon color="warning" />}
              <Typography variant="h6">{trend ? t(`locate.trend.${trend}`) : t('locate.waiting')}</Typography>
            </Stack>
            {latest && (
              <Typography variant="body2" color="text.secondary">
                {t('locate.lastRead', { at: formatDateTime(latest.at), device: latest.device ?? '—' })}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </Card>
      <Link component={RouterLink} to={`/track-epc/${encodeURIComponent(epc)}`}>
        {t('locate.track')}
      </Link>
    </Stack>
  );
};
