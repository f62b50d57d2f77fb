import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { Alert, Box, Button, Chip, Stack, Tooltip } from '@mui/material';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScanNote } from './use-manual-form';

/**
 * The scan icon: it focuses a hidden input the scanner types into (a keyboard wedge, ending with Enter); each reading
 * goes to `onScan`. Under it, the last reading's note.
 */
export const ScanField = ({
  onScan,
  note,
  onCloseNote,
}: {
  onScan: (value: string) => void;
  note: ScanNote | null;
  onCloseNote: () => void;
}) => {
  const { t } = useTranslation('printing');
  const [isScanning, setScanning] = useState(false);
  const scanInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {/* The hint describes the button; its name stays its visible text. */}
        <Tooltip title={t('manual.scanHint')} describeChild>
          <Button
            variant="outlined"
            startIcon={<QrCodeScannerIcon />}
            onClick={() => scanInput.current?.focus()}
            data-testid="manual-scan"
          >
            {t('manual.scan')}
          </Button>
        </Tooltip>
        {isScanning && <Chip color="success" size="small" label={t('manual.scannerReady')} data-testid="scanner-ready" />}
        {/* The scanner types here (a keyboard wedge) and ends with Enter. */}
        <Box
          component="input"
          ref={scanInput}
          aria-label={t('manual.scanInput')}
          data-testid="manual-scan-input"
          onFocus={() => setScanning(true)}
          onBlur={() => setScanning(false)}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            const value = event.currentTarget.value;
            event.currentTarget.value = '';
            if (value.trim()) onScan(value);
          }}
          sx={{
            position: 'absolute',
            width: '1px',
            height: '1px',
            opacity: 0,
            border: 0,
            p: 0,
            overflow: 'hidden',
            pointerEvents: 'none',
          }}
        />
      </Stack>
      {note && (
        <Alert severity={note.kind} onClose={onCloseNote} data-testid={`scan-${note.kind}`}>
          {note.text}
        </Alert>
      )}
    </>
  );
};
