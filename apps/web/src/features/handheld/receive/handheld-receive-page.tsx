import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Alert, Box, Stack, TextField, Typography } from '@mui/material';
import { SearchResultKind } from '@rfid/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NoLocation } from '../../../components/no-location';
import { useCurrentLocation } from '../../../lib/current-location';
import { handheldReceiptCall, searchBarcode } from '../api';
import { HandheldPage, ThumbButton, WedgeReadsPanel } from '../handheld-frame';
import { outbox } from '../use-outbox';
import { useWedgeReads } from '../wedge';

/** The Shape Detection API's barcode reader, where the browser has it (Chrome on Android, not Firefox or Safari). */
type BarcodeReader = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type BarcodeReaderClass = new (options?: { formats?: string[] }) => BarcodeReader;
const barcodeReaderClass = (): BarcodeReaderClass | undefined =>
  // Not in TypeScript's DOM library yet: read off the window, and used only where the browser defines it.
  (window as unknown as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;

/**
 * Reads a barcode with the camera while `active` (BarcodeDetector on the camera's picture, a few times a second) and
 * reports the first one; `onFail` when the camera cannot be opened.
 */
const CameraScanner = ({ onCode, onFail }: { onCode: (code: string) => void; onFail: () => void }) => {
  const video = useRef<HTMLVideoElement>(null);
  const callbacks = useRef({ onCode, onFail });
  useEffect(() => {
    callbacks.current = { onCode, onFail };
  });
  useEffect(() => {
    const Reader = barcodeReaderClass();
    if (!Reader) return;
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let isStopped = false;
    const reader = new Reader({ formats: ['code_128', 'ean_13', 'ean_8', 'qr_code', 'data_matrix', 'itf'] });
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (opened) => {
        stream = opened;
        if (isStopped || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play();
        const look = async () => {
          if (isStopped || !video.current) return;
          const [found] = await reader.detect(video.current).catch(() => []);
          if (found?.rawValue) callbacks.current.onCode(found.rawValue);
          else timer = window.setTimeout(() => void look(), 250);
        };
        void look();
      })
      .catch(() => callbacks.current.onFail());
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return <Box component="video" ref={video} muted playsInline sx={{ width: '100%', borderRadius: 1, bgcolor: 'black' }} />;
};

/**
 * The box chosen, being received: the EPCs the reader's keyboard wedge types (wedge.ts, no field: the barcode's field is
 * gone, so the keys are the page's), their count, and "Receive box", which queues the receipt (its barcode and EPCs, a
 * UUID made here) to be sent now or when the network is back. "Open the box's page" needs the network.
 */
const Receiving = ({
  locationId,
  codebar,
  onQueued,
  onOpen,
  onCancel,
  isFinding,
}: {
  locationId: number;
  codebar: string;
  onQueued: (epcs: number) => void;
  onOpen: () => void;
  onCancel: () => void;
  isFinding: boolean;
}) => {
  const { t } = useTranslation('handheld');
  const reads = useWedgeReads({ enabled: true });
  const [startTime] = useState(() => new Date().toISOString());
  const receive = () => {
    const id = crypto.randomUUID();
    const { path, body } = handheldReceiptCall(locationId, {
      id,
      codebar,
      start_time: startTime,
      end_time: new Date().toISOString(),
      epcs: reads.epcs,
    });
    void outbox.add({ key: id, kind: 'receipt', path, body, label: codebar, units: reads.count });
    onQueued(reads.count);
  };
  return (
    <Stack spacing={2}>
      <WedgeReadsPanel
        step="receive"
        heading={
          <Typography
            variant="subtitle1"
            component="p"
            data-testid="handheld-receive-box"
            sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}
          >
            {t('receive.box', { codebar })}
          </Typography>
        }
        reads={reads}
        hint={t('receive.wedgeHint')}
      />
      <ThumbButton variant="contained" minHeight={64} fontSize="1.125rem" testId="handheld-receive-submit" onClick={receive}>
        {t('receive.submit')}
      </ThumbButton>
      <ThumbButton variant="outlined" testId="handheld-receive-open" disabled={isFinding} onClick={onOpen}>
        {t('receive.open')}
      </ThumbButton>
      <ThumbButton minHeight={48} testId="handheld-receive-another" onClick={onCancel}>
        {t('receive.another')}
      </ThumbButton>
    </Stack>
  );
};

/**
 * The box's barcode: typed by the reader's scanner into the field (a keyboard wedge, Enter ends it), typed by hand, or
 * read by the camera where the browser can (BarcodeDetector; elsewhere the page says so and the field remains).
 */
const BarcodeForm = ({ onBarcode, onCameraFail }: { onBarcode: (barcode: string) => void; onCameraFail: () => void }) => {
  const { t } = useTranslation('handheld');
  const [code, setCode] = useState('');
  const [isScanning, setIsScanning] = useState(false);
  const hasCamera = barcodeReaderClass() !== undefined && Boolean(navigator.mediaDevices);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onBarcode(code.trim());
  };
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit}>
      <TextField
        label={t('receive.barcode')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoFocus
        helperText={t('receive.hint')}
        slotProps={{ htmlInput: { 'data-testid': 'handheld-receive-barcode', autoComplete: 'off' } }}
      />
      <ThumbButton type="submit" variant="contained" disabled={!code.trim()} testId="handheld-receive-next">
        {t('receive.next')}
      </ThumbButton>
      {hasCamera ? (
        <ThumbButton variant="outlined" startIcon={<QrCodeScannerIcon />} onClick={() => setIsScanning((before) => !before)}>
          {isScanning ? t('receive.stopScan') : t('receive.scan')}
        </ThumbButton>
      ) : (
        <Alert severity="info" data-testid="handheld-receive-no-camera">
          {t('receive.noCamera')}
        </Alert>
      )}
      {isScanning && (
        <CameraScanner
          onCode={(scanned) => {
            setIsScanning(false);
            if (scanned.trim()) onBarcode(scanned.trim());
          }}
          onFail={() => {
            setIsScanning(false);
            onCameraFail();
          }}
        />
      )}
    </Stack>
  );
};

/**
 * Receive a box (issue 32): its barcode (BarcodeForm), then the box's tags, read by the reader's keyboard wedge, and
 * "Receive box" queues the receipt (outbox.ts, kind `receipt`): the server stores it as a reading set of the store's
 * receiving reader with the box's barcode, which verifies the box. "Open the box's page" (online) shows the box as on
 * the full app.
 */
export const HandheldReceivePage = () => {
  const { t } = useTranslation('handheld');
  const location = useCurrentLocation();
  const navigate = useNavigate();
  /** The barcode of the box being received (its tags are read next), null while the barcode is asked for. */
  const [box, setBox] = useState<string | null>(null);
  const [queued, setQueued] = useState<{ codebar: string; epcs: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isFinding, setIsFinding] = useState(false);

  const find = async (barcode: string) => {
    if (!location) return;
    setIsFinding(true);
    setProblem(null);
    try {
      const answer = await searchBarcode(barcode, location.id);
      const found = answer.results.find((result) => result.kind === SearchResultKind.Box);
      if (found) void navigate(found.route);
      else setProblem(t('receive.notFound'));
    } catch {
      setProblem(navigator.onLine ? t('receive.notFound') : t('receive.offline'));
    } finally {
      setIsFinding(false);
    }
  };

  return (
    <HandheldPage title={t('receive.title')}>
      {queued && (
        <Alert severity="success" data-testid="handheld-receive-queued">
          {t('receive.queued', { codebar: queued.codebar, count: queued.epcs })}
        </Alert>
      )}
      {!location ? (
        <NoLocation>{t('noLocation')}</NoLocation>
      ) : box ? (
        <Receiving
          key={box}
          locationId={location.id}
          codebar={box}
          isFinding={isFinding}
          onQueued={(epcs) => {
            setQueued({ codebar: box, epcs });
            setBox(null);
          }}
          onOpen={() => void find(box)}
          onCancel={() => setBox(null)}
        />
      ) : (
        <BarcodeForm
          onBarcode={(barcode) => {
            setProblem(null);
            setQueued(null);
            setBox(barcode);
          }}
          onCameraFail={() => setProblem(t('receive.cameraRefused'))}
        />
      )}
      {problem && (
        <Alert severity="warning" data-testid="handheld-receive-problem">
          {problem}
        </Alert>
      )}
    </HandheldPage>
  );
};
