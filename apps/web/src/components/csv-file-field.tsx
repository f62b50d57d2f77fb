import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useRef } from 'react';

/**
 * A .csv picker (spec: "a .csv picker"; only .csv): a button, the chosen file's name (`noneLabel` before one), the error
 * under it. The same file may be chosen again.
 */
export const CsvFileField = ({
  file,
  onChange,
  error,
  testId = 'csv-file',
  chooseLabel,
  noneLabel,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  testId?: string;
  chooseLabel: string;
  noneLabel: string;
}) => {
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
          {chooseLabel}
        </Button>
        <Typography
          variant="body2"
          color={file ? 'text.primary' : 'text.secondary'}
          sx={{ overflowWrap: 'anywhere' }}
          data-testid={`${testId}-name`}
        >
          {file ? file.name : noneLabel}
        </Typography>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          data-testid={testId}
          aria-label={chooseLabel}
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
