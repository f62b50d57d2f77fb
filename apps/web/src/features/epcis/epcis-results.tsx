import {
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TableCard } from '../../components/table-card';
import { useEpcisText } from './epcis-text';
import type { EpcisState } from './use-epcis';

/** The page of events (cards on phones, a table on desktop), the empty note, and previous and next. */
export const EpcisResults = ({ state }: { state: EpcisState }) => {
  const { t } = useTranslation(['epcis', 'common']);
  const { label, when, what, where, type } = useEpcisText();
  const isPhone = useMediaQuery(useTheme().breakpoints.down('md'));
  const { page, events, error } = state;
  return (
    <TableCard>
      {isPhone ? (
        <Stack spacing={1} data-testid="epcis-results">
          {events.map((event, index) => (
            <Card key={String(event.eventID ?? index)} variant="outlined" data-testid="epcis-row">
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Typography variant="subtitle2">
                  {type(event)} · {when(event)}
                </Typography>
                <Typography variant="body2">
                  {[event.action, label('bizSteps', event.bizStep), label('dispositions', event.disposition)]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                <Typography variant="caption" component="div" sx={{ overflowWrap: 'anywhere' }}>
                  {what(event)}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                  {where(event)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table size="small" sx={{ tableLayout: 'fixed' }} data-testid="epcis-results">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '16%' }}>{t('columns.time')}</TableCell>
              <TableCell sx={{ width: '14%' }}>{t('columns.type')}</TableCell>
              <TableCell sx={{ width: '18%' }}>{t('columns.step')}</TableCell>
              <TableCell sx={{ width: '27%' }}>{t('columns.what')}</TableCell>
              <TableCell sx={{ width: '25%' }}>{t('columns.where')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {events.map((event, index) => (
              <TableRow key={String(event.eventID ?? index)} data-testid="epcis-row">
                <TableCell>{when(event)}</TableCell>
                <TableCell>
                  {type(event)}
                  {typeof event.action === 'string' && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {event.action}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {label('bizSteps', event.bizStep)}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {label('dispositions', event.disposition)}
                  </Typography>
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{what(event)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{where(event)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {!page.isLoading && !error && events.length === 0 && (
        <Typography sx={{ p: 2 }} color="text.secondary" data-testid="epcis-empty">
          {t('empty')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ p: 1, justifyContent: 'flex-end' }}>
        <Button disabled={!state.hasPrevious} onClick={state.previous} data-testid="epcis-previous">
          {t('previous')}
        </Button>
        <Button disabled={!page.data?.next} onClick={state.next} data-testid="epcis-next">
          {t('next')}
        </Button>
      </Stack>
    </TableCard>
  );
};
