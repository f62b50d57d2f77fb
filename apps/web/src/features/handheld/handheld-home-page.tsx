import AllInboxIcon from '@mui/icons-material/AllInbox';
import ChecklistIcon from '@mui/icons-material/Checklist';
import InventoryIcon from '@mui/icons-material/Inventory';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NoLocation } from '../../components/no-location';
import { useCurrentLocation } from '../../lib/current-location';
import { RefusedList } from './handheld-frame';

const TILES: { key: string; to: string; icon: ReactNode }[] = [
  { key: 'count', to: '/handheld/count', icon: <InventoryIcon fontSize="large" /> },
  { key: 'find', to: '/find-item', icon: <TravelExploreIcon fontSize="large" /> },
  { key: 'pick', to: '/handheld/picks', icon: <ChecklistIcon fontSize="large" /> },
  { key: 'receive', to: '/handheld/receive', icon: <AllInboxIcon fontSize="large" /> },
  { key: 'alarms', to: '/exit-alarms', icon: <NotificationsActiveIcon fontSize="large" /> },
];

/**
 * The handheld's home (issue 32): the store it works in and one large tile a task, two a row, for a thumb: count an
 * area, find an item, the pick list (its own page, queued offline), receive a box, the exit alarms.
 */
export const HandheldHomePage = () => {
  const { t } = useTranslation('handheld');
  const location = useCurrentLocation();
  return (
    <Stack spacing={2} data-testid="handheld-home">
      <Typography variant="h5" component="h1">
        {location ? t('store', { store: location.description }) : t('title')}
      </Typography>
      {!location && <NoLocation testId="handheld-no-location">{t('noLocation')}</NoLocation>}
      <RefusedList />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
        {TILES.map(({ key, to, icon }) => (
          <Button
            key={key}
            component={RouterLink}
            to={to}
            variant="contained"
            color={key === 'count' ? 'primary' : 'inherit'}
            disabled={!location}
            data-testid={`handheld-tile-${key}`}
            sx={{ minHeight: 112, flexDirection: 'column', gap: 1, textAlign: 'center', fontSize: '1rem', lineHeight: 1.25 }}
          >
            {icon}
            {t(`tiles.${key}`)}
          </Button>
        ))}
      </Box>
    </Stack>
  );
};
