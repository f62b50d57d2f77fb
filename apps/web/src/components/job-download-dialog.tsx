import { Alert, Button, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { saveBlob } from '../lib/files';
import { SimpleDialog } from './simple-dialog';

/** A file the server makes first: `create` starts it and reports its progress (0–100) until it is ready; then `download`. */
export type FileJob = {
  create: (tools: { signal: AbortSignal; onProgress: (percent: number) => void }) => Promise<void>;
  download: (signal: AbortSignal) => Promise<{ name: string; blob: Blob }>;
};

type Step = { kind: 'creating'; progress: number } | { kind: 'downloading' } | { kind: 'done'; name: string } | { kind: 'error' };

/**
 * A file made by the server, then downloaded (inventory CSV, box stickers): a bar while it is made, the download, the
 * name it was saved under. The dialog can be closed at any time (everything stops) and tells the user to contact
 * support when it is slow. `job` runs each time the dialog opens (`open` with a new job).
 */
export const JobDownloadDialog = ({
  job,
  onClose,
  title,
  creatingText,
  failedText,
  onDone,
  testId,
}: {
  job: FileJob | null;
  onClose: () => void;
  title: string;
  creatingText: (progress: number) => string;
  failedText: string;
  onDone?: () => void;
  testId: string;
}) => {
  const { t } = useTranslation('components');
  const [step, setStep] = useState<Step>({ kind: 'creating', progress: 0 });
  // The latest callback without restarting the job when the parent re-renders.
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (job === null) return;
    const abort = new AbortController();
    setStep({ kind: 'creating', progress: 0 });
    const run = async () => {
      await job.create({
        signal: abort.signal,
        onProgress: (progress) => {
          if (!abort.signal.aborted) setStep({ kind: 'creating', progress });
        },
      });
      if (abort.signal.aborted) return;
      setStep({ kind: 'downloading' });
      const file = await job.download(abort.signal);
      if (abort.signal.aborted) return;
      saveBlob(file.blob, file.name);
      setStep({ kind: 'done', name: file.name });
      done.current?.();
    };
    // Errors stop it and are shown; closing aborts without a message.
    run().catch(() => {
      if (!abort.signal.aborted) setStep({ kind: 'error' });
    });
    return () => abort.abort();
  }, [job]);

  const isWorking = step.kind === 'creating' || step.kind === 'downloading';
  return (
    <SimpleDialog
      open={job !== null}
      onClose={onClose}
      title={title}
      testId={testId}
      actions={
        <Button onClick={onClose} data-testid="job-close">
          {t('job.close')}
        </Button>
      }
    >
      <Stack spacing={2}>
        {step.kind === 'creating' && (
          <>
            <LinearProgress
              variant="determinate"
              value={step.progress}
              aria-labelledby="job-progress"
              data-testid="job-progress-bar"
            />
            <Typography variant="body2" id="job-progress" data-testid="job-progress">
              {creatingText(step.progress)}
            </Typography>
          </>
        )}
        {step.kind === 'downloading' && (
          <>
            <LinearProgress aria-labelledby="job-progress" />
            <Typography variant="body2" id="job-progress" data-testid="job-progress">
              {t('job.downloading')}
            </Typography>
          </>
        )}
        {isWorking && (
          <Typography variant="body2" color="text.secondary" data-testid="job-slow">
            {t('job.slow')}{' '}
            <Link component={RouterLink} to="/support" onClick={onClose}>
              {t('job.support')}
            </Link>
          </Typography>
        )}
        {step.kind === 'done' && (
          <Alert severity="success" data-testid="job-done">
            {t('job.done', { name: step.name })}
          </Alert>
        )}
        {step.kind === 'error' && (
          <Alert severity="error" data-testid="job-error">
            {failedText}
          </Alert>
        )}
      </Stack>
    </SimpleDialog>
  );
};

/** Waits `ms`, or less when `signal` aborts. */
export const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
