import PrintIcon from '@mui/icons-material/Print';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { type PrintOrder, RoleThreshold } from '@rfid/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus, FormAlert, type FormStatus } from '../../../components/form-alert';
import { PagedTable } from '../../../components/paged-table';
import { useNotify } from '../../../lib/notifier';
import { hasRole, useRole } from '../../auth';
import { printKeys } from '../../print-wizard';
import { voidedLabelsPages } from '../api/get-voided-labels';
import { useReplaceVoidedLabels } from '../api/replace-voided-labels';
import { PrintDialog } from './print-dialog';
import { voidedLabelColumns } from './voided-label-columns';

/** What is left of an order's voided labels: those without a replacement, and the labels neither printed nor voided. */
export const voidedCounts = (order: PrintOrder) => {
  const voided = order.voided_labels ?? 0;
  const replaced = order.replaced_labels ?? 0;
  return {
    voided,
    replaced,
    unreplaced: Math.max(0, voided - replaced),
    left: Math.max(0, order.total_quantity - order.progress - voided),
  };
};

/** The section's button keeps its words on one line beside the title (it takes the whole width on phones). */
const NO_WRAP = { whiteSpace: 'nowrap', flexShrink: 0 } as const;

/**
 * The voided labels of a print order (issue 25, item 7), on its detail page: how many, each label's EPC, why in words
 * (unconfirmed: it may have printed and be encoded, so it is taken out if it turns up; encode failed: VOID over it),
 * when and on which printer, and its replacement. "Print replacements (N)" makes a replacement (a new EPC) for each one
 * without one and opens the print dialog on them; with every one replaced and labels still to print, the dialog opens
 * on those. Nothing shows for an order without voided labels.
 */
export const VoidedLabelsSection = ({ order }: { order: PrintOrder }) => {
  const { t } = useTranslation('printing');
  const notify = useNotify();
  const client = useQueryClient();
  const role = useRole();
  const replace = useReplaceVoidedLabels();
  const [printing, setPrinting] = useState<PrintOrder | null>(null);
  const [status, setStatus] = useState<FormStatus>(null);
  const id = String(order.id);
  const { voided, replaced, unreplaced, left } = voidedCounts(order);
  const isWorking = order.state === 'WORKING';

  // A job ended: the replacements it printed (or voided) show at once, not at the next refresh.
  const lastState = useRef(order.state);
  useEffect(() => {
    if (lastState.current === 'WORKING' && order.state !== 'WORKING') {
      void client.invalidateQueries({ queryKey: printKeys.voided(id) });
      void client.invalidateQueries({ queryKey: printKeys.tags(id) });
    }
    lastState.current = order.state;
  }, [order.state, client, id]);

  if (voided === 0) return null;

  const makeAndPrint = async () => {
    setStatus(null);
    try {
      const answer = await replace.mutateAsync({ id: order.id });
      if (answer.created > 0) notify(t('voided.made', { count: answer.created }), 'success');
      setPrinting(answer.order);
    } catch (error) {
      setStatus(errorStatus(error, t('messages.failed')));
    }
  };

  const columns = voidedLabelColumns(t);

  const canPrint = hasRole(role, RoleThreshold.printOrderAdd) && !isWorking;
  const action = !canPrint ? null : unreplaced > 0 ? (
    <Button
      variant="contained"
      color="warning"
      startIcon={<PrintIcon />}
      disabled={replace.isPending}
      onClick={() => void makeAndPrint()}
      sx={NO_WRAP}
      data-testid="voided-replace"
    >
      {t('voided.replace', { count: unreplaced })}
    </Button>
  ) : left > 0 ? (
    <Button
      variant="outlined"
      startIcon={<PrintIcon />}
      onClick={() => setPrinting(order)}
      sx={NO_WRAP}
      data-testid="voided-print-left"
    >
      {t('voided.printLeft', { count: left })}
    </Button>
  ) : null;

  return (
    <Card data-testid="voided-labels" sx={{ borderLeft: 4, borderColor: unreplaced > 0 ? 'warning.main' : 'divider' }}>
      <CardContent>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
          >
            <Box>
              <Typography variant="h6" component="h2" data-testid="voided-title">
                {t('voided.title', { count: voided })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('voided.intro')}
              </Typography>
            </Box>
            {action}
          </Stack>
          {unreplaced > 0 ? (
            <Alert severity="warning" icon={<WarningAmberIcon />} data-testid="voided-pending">
              {t('voided.pending', { count: unreplaced })}
            </Alert>
          ) : (
            <Alert severity="success" data-testid="voided-done">
              {t('voided.done', { count: replaced })}
            </Alert>
          )}
          {isWorking && (
            <Typography variant="body2" color="info.main">
              {t('voided.working')}
            </Typography>
          )}
          <FormAlert status={status} onClose={() => setStatus(null)} />
          <PagedTable
            {...voidedLabelsPages(id)}
            columns={columns}
            refetchInterval={isWorking ? 1_000 : 20_000}
            testId="voided-table"
          />
        </Stack>
      </CardContent>
      <PrintDialog order={printing} onClose={() => setPrinting(null)} />
    </Card>
  );
};
