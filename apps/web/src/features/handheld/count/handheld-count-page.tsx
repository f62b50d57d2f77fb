import { Alert, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { Area } from '@rfid/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoLocation } from '../../../components/no-location';
import { useCurrentLocation } from '../../../lib/current-location';
import { handheldSetCall, useCountAreas, useExpectedStock } from '../api';
import { HandheldPage, ThumbButton, WedgeReadsPanel } from '../handheld-frame';
import { outbox } from '../use-outbox';
import { useWedgeReads } from '../wedge';

/** EPCs a reading set carries at most, and the quiet time after the last read before the set is queued. */
const SET_EPCS = 100;
const SET_QUIET_MS = 1_000;

/**
 * Groups a count's new EPCs into reading sets of the area (100 EPCs, or what came before a second's quiet) and queues
 * each with its own UUID (outbox.ts): stored on the device first, sent when the network is there, stored once by the
 * server however often it is sent.
 */
const useCountSets = (locationId: number, area: Area | null) => {
  const pending = useRef<{ epcs: string[]; start: string | null }>({ epcs: [], start: null });
  const timer = useRef<number | undefined>(undefined);
  const queue = useCallback(() => {
    window.clearTimeout(timer.current);
    const { epcs, start } = pending.current;
    pending.current = { epcs: [], start: null };
    if (!area || !epcs.length || !start) return;
    const id = crypto.randomUUID();
    const { path, body } = handheldSetCall(locationId, {
      id,
      area: area.id,
      start_time: start,
      end_time: new Date().toISOString(),
      epcs,
    });
    void outbox.add({ key: id, kind: 'count', path, body, label: area.description, units: epcs.length });
  }, [locationId, area]);
  const add = useCallback(
    (epc: string) => {
      pending.current.start ??= new Date().toISOString();
      pending.current.epcs.push(epc);
      window.clearTimeout(timer.current);
      if (pending.current.epcs.length >= SET_EPCS) queue();
      else timer.current = window.setTimeout(queue, SET_QUIET_MS);
    },
    [queue],
  );
  // Leaving the screen queues what was read last.
  useEffect(() => queue, [queue]);
  return { add, queue };
};

/** The count of an area under way: what was read, of what the area should hold, and the way to finish. */
const Counting = ({ locationId, area, onFinish }: { locationId: number; area: Area; onFinish: () => void }) => {
  const { t } = useTranslation('handheld');
  const sets = useCountSets(locationId, area);
  const reads = useWedgeReads({ enabled: true, onEpc: sets.add });
  const expected = useExpectedStock(area.id);
  return (
    <Stack spacing={2}>
      <WedgeReadsPanel
        step="count"
        heading={
          <Typography variant="overline" component="p">
            {area.description}
          </Typography>
        }
        reads={reads}
        hint={t('count.hint')}
      >
        <Typography variant="body1" color="text.secondary" data-testid="handheld-count-expected">
          {expected.data === undefined ? t('count.expectedUnknown') : t('count.expected', { units: expected.data })}
        </Typography>
      </WedgeReadsPanel>
      <ThumbButton
        variant="contained"
        testId="handheld-count-finish"
        onClick={() => {
          sets.queue();
          reads.reset();
          onFinish();
        }}
      >
        {t('count.finish')}
      </ThumbButton>
    </Stack>
  );
};

/**
 * Count an area (issue 32): choose the area, start, pull the trigger. The reader's keyboard wedge types each EPC it
 * reads into the page, with no field (wedge.ts); each is counted once and queued in reading sets of the area, sent to
 * the server now or when the network is back.
 */
export const HandheldCountPage = () => {
  const { t } = useTranslation('handheld');
  const location = useCurrentLocation();
  const locationId = location?.id ?? 0;
  const areas = useCountAreas(locationId);
  const [areaId, setAreaId] = useState<number | ''>('');
  const [counting, setCounting] = useState<Area | null>(null);
  // Loaded while online, the area's expected stock is there (and kept by the service worker) for an offline count.
  useExpectedStock(areaId === '' ? null : areaId);
  const chosen = areas.data?.find((area) => area.id === areaId) ?? null;
  return (
    <HandheldPage title={t('count.title')}>
      {!location ? (
        <NoLocation>{t('noLocation')}</NoLocation>
      ) : counting ? (
        <Counting locationId={locationId} area={counting} onFinish={() => setCounting(null)} />
      ) : (
        <>
          {areas.isError && !areas.data && <Alert severity="warning">{t('count.areasOffline')}</Alert>}
          {areas.data?.length === 0 && <Alert severity="info">{t('count.noAreas')}</Alert>}
          <TextField
            select
            label={t('count.area')}
            helperText={t('count.chooseArea')}
            value={areaId}
            onChange={(event) => setAreaId(Number(event.target.value))}
            slotProps={{ htmlInput: { 'data-testid': 'handheld-count-area' } }}
          >
            {(areas.data ?? []).map((area) => (
              <MenuItem key={area.id} value={area.id} sx={{ minHeight: 48 }}>
                {area.description}
              </MenuItem>
            ))}
          </TextField>
          <ThumbButton variant="contained" disabled={!chosen} testId="handheld-count-start" onClick={() => setCounting(chosen)}>
            {t('count.start')}
          </ThumbButton>
        </>
      )}
    </HandheldPage>
  );
};
