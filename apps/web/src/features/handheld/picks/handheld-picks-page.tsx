import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import { type PickStatus, type ReplenishmentLine, RoleThreshold } from '@rfid/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoLocation } from '../../../components/no-location';
import { useCurrentLocation } from '../../../lib/current-location';
import { hasRole, useRole } from '../../auth';
import { pickCall, usePickLines } from '../api';
import { HandheldPage, ThumbButton } from '../handheld-frame';
import type { OutboxEntry } from '../outbox';
import { outbox, useOutboxEntries } from '../use-outbox';

/** The GTIN a queued pick is of (the body the page queued). */
const gtinOf = (entry: OutboxEntry): string | undefined =>
  entry.kind === 'pick' && typeof entry.body === 'object' && entry.body !== null && 'gtin' in entry.body
    ? String(entry.body.gtin)
    : undefined;

/** What became of a line on this device: picked or skipped (sent, or waiting to be), or nothing yet. */
type LineState = { status: PickStatus; isWaiting: boolean } | null;

/** The card's two buttons: Pick (the wider) and Skip. */
const PICK_BUTTONS = [
  { status: 'picked', variant: 'contained', flex: 2, testId: 'handheld-pick-pick' },
  { status: 'skipped', variant: 'outlined', flex: 1, testId: 'handheld-pick-skip' },
] as const;

/** One line of the pick list, one card: what, where from, how many, and two buttons for a thumb. */
const PickLineCard = ({
  line,
  state,
  canWrite,
  onPick,
}: {
  line: ReplenishmentLine;
  state: LineState;
  canWrite: boolean;
  onPick: (status: PickStatus) => void;
}) => {
  const { t } = useTranslation('handheld');
  const picked = state?.status === 'picked' ? line.to_pick : line.picked;
  return (
    <Paper sx={{ p: 2 }} data-testid="handheld-pick-line" data-gtin={line.gtin}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {line.description || line.gtin}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {[line.size && t('picks.size', { size: line.size }), line.colour, line.gtin].filter(Boolean).join(' · ')}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t('picks.from', { areas: line.areas.map((a) => `${a.description} (${a.count})`).join(', ') || '—' })}
      </Typography>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mt: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {t('picks.floor', { floor: line.on_floor, target: line.target })}
        </Typography>
        <Typography variant="h6" component="p" data-testid="handheld-pick-to-pick">
          {t('picks.toPick', { count: line.to_pick })}
        </Typography>
      </Stack>
      {state || picked !== null ? (
        <Box sx={{ mt: 1.5 }}>
          <Chip
            color={state?.isWaiting ? 'info' : 'success'}
            data-testid="handheld-pick-state"
            data-state={state?.isWaiting ? 'waiting' : (state?.status ?? 'picked')}
            label={
              state?.status === 'skipped'
                ? t(state.isWaiting ? 'picks.skippedWaiting' : 'picks.skipped')
                : t(state?.isWaiting ? 'picks.pickedWaiting' : 'picks.picked', { count: picked ?? line.to_pick })
            }
          />
        </Box>
      ) : (
        canWrite && (
          <Stack direction="row" spacing={1.5} sx={{ mt: 1.5 }}>
            {PICK_BUTTONS.map(({ status, variant, flex, testId }) => (
              <ThumbButton key={status} variant={variant} flex={flex} onClick={() => onPick(status)} testId={testId}>
                {status === 'picked' ? t('picks.pick', { count: line.to_pick }) : t('picks.skip')}
              </ThumbButton>
            ))}
          </Stack>
        )
      )}
    </Paper>
  );
};

/**
 * The pick list on the handheld (issue 32): the lines of the user's store, most sold first, one card each with large
 * Pick and Skip buttons. Each pick is queued with a UUID of its own (outbox.ts) before anything is sent: made offline it
 * waits on the device and is sent once the network is back, stored once by the server however often it is sent; one the
 * server refuses goes to the refused list with its message. The list is kept on the device, so it opens offline as last
 * loaded.
 */
export const HandheldPicksPage = () => {
  const { t } = useTranslation('handheld');
  const location = useCurrentLocation();
  const locationId = location?.id ?? 0;
  const canWrite = hasRole(useRole(), RoleThreshold.write);
  const lines = usePickLines(locationId);
  const { waiting } = useOutboxEntries();
  /** Lines worked on this screen, so a sent pick stays marked until the reloaded list shows it. */
  const [worked, setWorked] = useState<Record<string, PickStatus>>({});
  const waitingByGtin = new Map<string, PickStatus>();
  for (const entry of waiting) {
    const gtin = gtinOf(entry);
    const body = entry.body as { status?: PickStatus };
    if (gtin && entry.path.startsWith(`/locations/${locationId}/`)) waitingByGtin.set(gtin, body.status ?? 'picked');
  }
  // Picks sent meanwhile: the list is loaded again to show what the server holds.
  const waitingPicks = waitingByGtin.size;
  const before = useRef(waitingPicks);
  const { refetch } = lines;
  useEffect(() => {
    if (waitingPicks < before.current) void refetch();
    before.current = waitingPicks;
  }, [waitingPicks, refetch]);

  const queuePick = (line: ReplenishmentLine, status: PickStatus) => {
    const id = crypto.randomUUID();
    const quantity = status === 'picked' ? line.to_pick : 0;
    const { path, body } = pickCall(locationId, {
      id,
      gtin: line.gtin,
      status,
      ...(status === 'picked' ? { quantity } : {}),
    });
    setWorked((before) => ({ ...before, [line.gtin]: status }));
    void outbox.add({ key: id, kind: 'pick', path, body, label: line.description || line.gtin, units: quantity });
  };
  const stateOf = (line: ReplenishmentLine): LineState => {
    const waitingStatus = waitingByGtin.get(line.gtin);
    if (waitingStatus) return { status: waitingStatus, isWaiting: true };
    const done = worked[line.gtin];
    return done ? { status: done, isWaiting: false } : null;
  };

  return (
    <HandheldPage title={t('picks.title')} testId="handheld-picks">
      {!location ? (
        <NoLocation>{t('noLocation')}</NoLocation>
      ) : (
        <>
          {lines.isError && !lines.data && <Alert severity="warning">{t('picks.offline')}</Alert>}
          {lines.data?.length === 0 && (
            <Alert severity="success" data-testid="handheld-picks-empty">
              {t('picks.empty')}
            </Alert>
          )}
          {!canWrite && <Alert severity="info">{t('picks.readOnly')}</Alert>}
          {(lines.data ?? []).map((line) => (
            <PickLineCard
              key={line.gtin}
              line={line}
              state={stateOf(line)}
              canWrite={canWrite}
              onPick={(status) => queuePick(line, status)}
            />
          ))}
        </>
      )}
    </HandheldPage>
  );
};
