import { Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** An EPC in monospace, linking to its page in the EPC tracker (/track-epc/{epc}). */
export const EpcLink = ({ epc, testId }: { epc: string; testId: string }) => (
  <Link
    component={RouterLink}
    to={`/track-epc/${encodeURIComponent(epc)}`}
    sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
    data-testid={testId}
  >
    {epc}
  </Link>
);
