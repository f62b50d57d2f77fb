import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { SearchResultKind } from '@rfid/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { NoLocation } from '../../../components/no-location';
import { useCurrentLocation } from '../../../lib/current-location';
import { searchBarcode } from '../api';

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
 * Receive a box (issue 32): its barcode, typed by the reader's scanner into the field (a keyboard wedge, Enter ends
 * it), typed by hand, or read by the camera where the browser can (BarcodeDetector; elsewhere the page says so and the
 * field remains), opens the box's page, where its verification is done as on the full app.
 */
export const HandheldReceivePage = () => {
  const { t } = useTranslation('handheld');
  const location = useCurrentLocation();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [isScanning, setIsScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [isFinding, setIsFinding] = useState(false);
  const hasCamera = barcodeReaderClass() !== undefined && Boolean(navigator.mediaDevices);

  const find = async (barcode: string) => {
    if (!location || !barcode.trim()) return;
    setIsFinding(true);
    setProblem(null);
    try {
      const answer = await searchBarcode(barcode.trim(), location.id);
      const box = answer.results.find((result) => result.kind === SearchResultKind.Box);
      if (box) void navigate(box.route);
      else setProblem(t('receive.notFound'));
    } catch {
      setProblem(navigator.onLine ? t('receive.notFound') : t('receive.offline'));
    } finally {
      setIsFinding(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void find(code);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('receive.title')}
      </Typography>
      {!location ? (
        <NoLocation>{t('noLocation')}</NoLocation>
      ) : (
        <Stack component="form" spacing={2} onSubmit={onSubmit}>
          <TextField
            label={t('receive.barcode')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoFocus
            helperText={t('receive.hint')}
            slotProps={{ htmlInput: { 'data-testid': 'handheld-receive-barcode', autoComplete: 'off' } }}
          />
          <Button type="submit" variant="contained" size="large" sx={{ minHeight: 56 }} disabled={isFinding || !code.trim()}>
            {t('receive.find')}
          </Button>
          {hasCamera ? (
            <Button
              variant="outlined"
              size="large"
              startIcon={<QrCodeScannerIcon />}
              sx={{ minHeight: 56 }}
              onClick={() => setIsScanning((before) => !before)}
            >
              {isScanning ? t('receive.stopScan') : t('receive.scan')}
            </Button>
          ) : (
            <Alert severity="info" data-testid="handheld-receive-no-camera">
              {t('receive.noCamera')}
            </Alert>
          )}
          {isScanning && (
            <CameraScanner
              onCode={(scanned) => {
                setIsScanning(false);
                setCode(scanned);
                void find(scanned);
              }}
              onFail={() => {
                setIsScanning(false);
                setProblem(t('receive.cameraRefused'));
              }}
            />
          )}
          {problem && (
            <Alert severity="warning" data-testid="handheld-receive-problem">
              {problem}
            </Alert>
          )}
        </Stack>
      )}
    </Stack>
  );
};
