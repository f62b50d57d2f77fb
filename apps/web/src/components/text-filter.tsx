import { TextField } from '@mui/material';

type Props = { label: string; value: string; onChange: (value: string) => void; testId: string; numeric?: boolean };

/** A small text box of a list's filters (its test id on the input; `numeric` brings the phone's digit keyboard). */
export const TextFilter = ({ label, value, onChange, testId, numeric = false }: Props) => (
  <TextField
    size="small"
    label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
    slotProps={{ htmlInput: { ...(numeric ? { inputMode: 'numeric' } : {}), 'data-testid': testId } }}
  />
);
