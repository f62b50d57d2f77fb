import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  AppBar,
  Box,
  Button,
  type ButtonProps,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { registerServiceWorker } from '../../lib/service-worker';
import type { OutboxEntry } from './outbox';
import { outbox, useOutbox } from './use-outbox';

/** The last EPC the reader typed, in monospace under the count (`text` of it); nothing before the first. */
const LastEpc = ({ epc, text }: { epc: string | undefined; text: (epc: string) => string }) =>
  epc && (
    <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', mt: 1 }}>
      {text(epc)}
    </Typography>
  );

/** A button for a thumb: large and at least `minHeight` px tall (56 unless told), with `flex` and `fontSize` when given. */
export const ThumbButton = ({
  minHeight = 56,
  flex,
  fontSize,
  testId,
  ...button
}: Omit<ButtonProps, 'size' | 'sx'> & { minHeight?: number; flex?: number; fontSize?: string; testId?: string }) => (
  <Button size="large" sx={{ minHeight, flex, fontSize }} data-testid={testId} {...button} />
);

/**
 * What the reader's wedge has read in the handheld's `step` (its texts `<step>.read` and `<step>.last`), in big:
 * `heading`, the count (named `handheld-<step>-read`, the number in `data-count`), `children` (more lines), the last EPC
 * read; then `hint` under the panel.
 */
export const WedgeReadsPanel = ({
  step,
  heading,
  reads,
  hint,
  children,
}: {
  step: 'count' | 'receive';
  heading: ReactNode;
  reads: { count: number; last: string | undefined };
  hint: string;
  children?: ReactNode;
}) => {
  const { t } = useTranslation('handheld');
  return (
    <>
      <Paper sx={{ p: 2, textAlign: 'center' }}>
        {heading}
        <Typography variant="h3" component="p" data-testid={`handheld-${step}-read`} data-count={reads.count}>
          {t(`${step}.read`, { count: reads.count })}
        </Typography>
        {children}
        <LastEpc epc={reads.last} text={(epc) => t(`${step}.last`, { epc })} />
      </Paper>
      <Alert severity="info">{hint}</Alert>
    </>
  );
};

/** The text of an entry of each kind (a pick of no units is a skip). */
const entryKey = (entry: OutboxEntry): string => {
  if (entry.kind === 'count') return 'refused.count';
  if (entry.kind === 'receipt') return 'refused.receipt';
  return entry.units ? 'refused.pick' : 'refused.skip';
};

/** What an entry is to a person: the area counted and its EPCs, the item picked and its units, or skipped, the box received. */
const entryText = (entry: OutboxEntry, t: (key: string, options: Record<string, unknown>) => string) =>
  t(entryKey(entry), { area: entry.label, gtin: entry.label, codebar: entry.label, units: entry.units });

/**
 * Whether the network is there and what waits to be sent (issue 32): "No network" and the number waiting (the reads of
 * counts, the picks, the boxes received) while offline; the number waiting, or "Everything is sent", online.
 */
const StatusBanner = () => {
  const { t } = useTranslation('handheld');
  const { online, waiting, othersWaiting } = useOutbox();
  const counts = waiting.filter((entry) => entry.kind === 'count');
  const reads = counts.reduce((sum, entry) => sum + entry.units, 0);
  const picks = waiting.filter((entry) => entry.kind === 'pick').length;
  const boxes = waiting.filter((entry) => entry.kind === 'receipt').length;
  const details = [
    counts.length ? t('status.reads', { count: reads }) : '',
    picks ? t('status.picks', { count: picks }) : '',
    boxes ? t('status.boxes', { count: boxes }) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Alert
      severity={online ? (waiting.length ? 'info' : 'success') : 'warning'}
      square
      data-testid="handheld-status"
      data-online={online}
      sx={{ py: 0.5 }}
    >
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {online ? t('status.online') : t('status.offline')}
      </Typography>
      <Typography variant="body2" data-testid="handheld-waiting" data-count={waiting.length}>
        {waiting.length ? t('status.waiting', { count: waiting.length, details }) : t('status.allSent')}
      </Typography>
      {othersWaiting > 0 && (
        <Typography variant="body2" data-testid="handheld-others-waiting">
          {t('status.othersWaiting', { count: othersWaiting })}
        </Typography>
      )}
    </Alert>
  );
};

/** The calls the server refused, each with its message, kept until dismissed: nothing refused is lost silently. */
export const RefusedList = () => {
  const { t } = useTranslation('handheld');
  const { refused } = useOutbox();
  if (!refused.length) return null;
  return (
    <Alert severity="error" data-testid="handheld-refused" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <Typography variant="subtitle2" component="h2">
        {t('refused.title')}
      </Typography>
      <List dense disablePadding>
        {refused.map((entry) => (
          <ListItem
            key={entry.key}
            disableGutters
            data-testid="handheld-refused-entry"
            secondaryAction={
              <Button size="small" color="inherit" onClick={() => void outbox.dismiss(entry.key)}>
                {t('refused.dismiss')}
              </Button>
            }
          >
            <ListItemText primary={entryText(entry, t)} secondary={entry.message} sx={{ pr: 10 }} />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
};

/**
 * The handheld app's frame (issue 32): a bar with the way back home, the network and queue banner, and the screen,
 * one column for one hand on a 360–412 px phone. It is not the signed-in shell: it needs no call to the server to
 * show, so the app opens offline.
 */
export const HandheldFrame = () => {
  const { t } = useTranslation('handheld');
  const { pathname } = useLocation();
  const isHome = pathname === '/handheld';
  // The installable app's service worker is the handheld's: registered when it opens, not on every page of the
  // dashboard (its install precaches the whole build, 2.3 MB, which on a phone's network delayed the first page's data).
  useEffect(registerServiceWorker, []);
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar position="sticky">
        <Toolbar>
          {!isHome && (
            <IconButton component={RouterLink} to="/handheld" edge="start" color="inherit" size="large" aria-label={t('back')}>
              <ArrowBackIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="p" sx={{ flex: 1 }}>
            {t('title')}
          </Typography>
          <Button component={RouterLink} to="/dashboard" color="inherit">
            {t('fullApp')}
          </Button>
        </Toolbar>
      </AppBar>
      <StatusBanner />
      <Box component="main" sx={{ p: 2, maxWidth: 600, mx: 'auto' }}>
        <Outlet />
      </Box>
    </Box>
  );
};

/** A handheld page under way: its title, the entries the server refused, then the page's own content. */
export const HandheldPage = ({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) => (
  <Stack spacing={2} data-testid={testId}>
    <Typography variant="h5" component="h1">
      {title}
    </Typography>
    <RefusedList />
    {children}
  </Stack>
);
