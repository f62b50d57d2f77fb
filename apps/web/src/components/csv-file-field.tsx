import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

/** A .csv picker (spec: "a .csv picker"; only .csv): a button, the chosen file's name, the error under it. */
export const CsvFileField = ({
  file,
  onChange,
  error,
  testId = 'csv-file',
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  testId?: string;
}) => {
  const { t } = useTranslation('printing');
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
          color={error ? 'error' : 'primary'}
        >
          {t('csv.choose')}
        </Button>
        <Typography
          variant="body2"
          color={file ? 'text.primary' : 'text.secondary'}
          sx={{ overflowWrap: 'anywhere' }}
          data-testid={`${testId}-name`}
        >
          {file ? file.name : t('csv.none')}
        </Typography>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid={testId}
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
      </Stack>
      {error && (
        <FormHelperText error data-testid={`${testId}-error`}>
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
};

/** The spec's file rules as a form schema's field: 'required' (no file, 'Select a file'), 'onlyCsv' (not a .csv); see `csvFileMessage`. */
export const csvFileSchema = z
  .instanceof(File, { error: 'required' })
  .nullable()
  .refine((file) => file !== null, { error: 'required', abort: true })
  .refine((file) => file !== null && /\.csv$/i.test(file.name), 'onlyCsv');

/** The text of a `csvFileSchema` error (its message), or undefined without one. */
export const csvFileMessage = (message: string | undefined, t: (key: string) => string): string | undefined =>
  message === undefined ? undefined : t(message === 'onlyCsv' ? 'csv.onlyCsv' : 'csv.required');
