import { Button, Card, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  canDo,
  ITEM_STATUS_NAMES,
  ITEM_STATUSES,
  type Item,
  ItemStatus,
  type ItemStatusChange,
  itemStatusBodySchema,
  RoleThreshold,
} from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorStatus, FormAlert, type FormStatus } from '../../components/form-alert';
import { type Column, PagedTable } from '../../components/paged-table';
import { formatDateTime } from '../../lib/format';
import { useRole } from '../auth';
import { StatusChip } from '../availability';
import { itemStatusChangesPages } from './api/get-item-status-changes';
import { useSetItemStatus } from './api/set-item-status';

/**
 * An item's sale status on the EPC tracker (issue 26, item 2): the status now, a control to change it (roles 1 to 4;
 * reserving asks for a reference, e.g. the online order's code) and the history of its changes.
 */
export const ItemStatusPanel = ({ item }: { item: Pick<Item, 'id' | 'epc' | 'status' | 'status_ref'> }) => {
  const { t } = useTranslation(['availability', 'common']);
  const role = useRole();
  const canChange = role !== undefined && canDo(role, RoleThreshold.write);
  const [status, setStatus] = useState<number>(item.status);
  const [reference, setReference] = useState(item.status_ref ?? '');
  const [result, setResult] = useState<FormStatus>(null);
  const [isReferenceMissing, setReferenceMissing] = useState(false);
  const save = useSetItemStatus();
  const submit = async () => {
    setResult(null);
    const parsed = itemStatusBodySchema.safeParse({ epcs: [item.epc], status, ...(reference.trim() ? { reference } : {}) });
    if (!parsed.success) {
      setReferenceMissing(true);
      return;
    }
    setReferenceMissing(false);
    try {
      const answer = await save.mutateAsync({
        epcs: [item.epc],
        status,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
      });
      setResult({ kind: 'success', message: t(answer.changed > 0 ? 'statusPanel.saved' : 'statusPanel.unchanged') });
    } catch (error) {
      setResult(errorStatus(error, t('common:errors.connection')));
    }
  };
  const statusText = (value: number) => t(`status.${ITEM_STATUS_NAMES[value] ?? 'sellable'}`);
  const columns: Column<ItemStatusChange>[] = [
    { id: 'date', header: t('statusPanel.columns.date'), cell: (c) => formatDateTime(c.at), mobile: 'title' },
    { id: 'from', header: t('statusPanel.columns.from'), cell: (c) => statusText(c.from_status) },
    { id: 'to', header: t('statusPanel.columns.to'), cell: (c) => statusText(c.to_status) },
    { id: 'reference', header: t('statusPanel.columns.reference'), cell: (c) => c.reference ?? '' },
    { id: 'user', header: t('statusPanel.columns.user'), cell: (c) => c.user ?? '' },
    {
      id: 'reason',
      header: t('statusPanel.columns.reason'),
      cell: (c) => t(`statusPanel.reasons.${c.reason}`, { defaultValue: c.reason }),
    },
  ];
  return (
    <Card data-testid="item-status-panel">
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h6" sx={{ flexGrow: 1 }}>
              {t('statusPanel.title')}
            </Typography>
            <StatusChip status={item.status} reference={item.status_ref} />
          </Stack>
          {canChange && (
            <Stack
              component="form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit();
              }}
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              sx={{ alignItems: { md: 'flex-start' } }}
            >
              <TextField
                select
                size="small"
                label={t('statusPanel.change')}
                value={status}
                onChange={(event) => {
                  const next = Number(event.target.value);
                  setStatus(next);
                  // A new status starts without the old one's reference (a reservation's order code is not a damage note).
                  setReference(next === item.status ? (item.status_ref ?? '') : '');
                }}
                sx={{ minWidth: 200 }}
                slotProps={{ htmlInput: { 'data-testid': 'status-select' } }}
              >
                {ITEM_STATUSES.map((value) => (
                  <MenuItem key={value} value={value} data-testid={`status-option-${value}`}>
                    {statusText(value)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t('statusPanel.reference')}
                value={reference}
                onChange={(event) => setReference(event.target.value)}
                required={status === ItemStatus.Reserved}
                error={isReferenceMissing}
                helperText={status === ItemStatus.Reserved || isReferenceMissing ? t('statusPanel.referenceHint') : undefined}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'status-reference', maxLength: 100 } }}
              />
              <Button
                type="submit"
                variant="contained"
                disabled={save.isPending}
                data-testid="status-save"
                sx={{ flexShrink: 0 }}
              >
                {t('statusPanel.save')}
              </Button>
            </Stack>
          )}
          <FormAlert status={result} />
          <Typography variant="subtitle2">{t('statusPanel.history')}</Typography>
          <PagedTable
            {...itemStatusChangesPages(item.id)}
            columns={columns}
            emptyText={t('statusPanel.noHistory')}
            testId="item-status-history"
          />
        </Stack>
      </CardContent>
    </Card>
  );
};
