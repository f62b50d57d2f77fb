import { Box, Grid, Typography, useTheme } from '@mui/material';
import type { LocationStatistics } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import { DonutCard, type DonutSlice } from './donut-card';

/** The Inbound, Outbound and Online donuts of the last 30 days. */
export const DashboardDonuts = ({ s, isLoading }: { s: LocationStatistics | undefined; isLoading: boolean }) => {
  const { t } = useTranslation('dashboard');
  const theme = useTheme();
  const green = theme.palette.success.main;
  const red = theme.palette.error.main;
  const amber = theme.palette.warning.light;
  /** A donut's slice: `donuts.<key>` as its label. */
  const slice = (key: string, value: number, color: string): DonutSlice => ({ key, label: t(`donuts.${key}`), value, color });
  type Donut = { id: string; title: string; slices: (s: LocationStatistics) => DonutSlice[] };
  /** A donut: `donuts.<id>` as its title. */
  const donut = (id: string, slices: Donut['slices']): Donut => ({ id, title: t(`donuts.${id}`), slices });
  const donuts: Donut[] = [
    donut('inbound', (x) => [
      slice('correctly_received', x.entrys.correctly_received, green),
      slice('incorrectly_received', x.entrys.incorrectly_received, red),
      slice('waiting', x.entrys.waiting, amber),
    ]),
    donut('outbound', (x) => [
      slice('correctly_exited', x.exits.correctly_exited, green),
      slice('incorrectly_exited', x.exits.incorrectly_exited, red),
      slice('waiting', x.exits.waiting, amber),
    ]),
    donut('online', (x) => [slice('sended', x.online.sended, green), slice('waiting', x.online.waiting, amber)]),
  ];

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="dashboard-donuts-range">
        {t('donuts.range')}
      </Typography>
      <Grid container spacing={1.5}>
        {donuts.map((d) => (
          <Grid key={d.id} size={{ xs: 12, md: 4 }}>
            <DonutCard id={d.id} title={d.title} slices={s ? d.slices(s) : []} isLoading={isLoading} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
};
