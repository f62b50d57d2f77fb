import { Stack } from '@mui/material';
import {
  canDo,
  EXIT_ALARM_STATUSES,
  type ExitAlarm,
  type ExitAlarmResolution,
  ExitAlarmStatus,
  RoleThreshold,
} from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LocationListPage } from '../../components/location-list-page';
import { PagedTable } from '../../components/paged-table';
import { ChoicesFilter } from '../../components/select-filter';
import { notify } from '../../lib/notifier';
import { useRole } from '../auth';
import { type ExitAlarmFilters, exitAlarmsPages } from './api/get-exit-alarms';
import { useResolveExitAlarm } from './api/resolve-exit-alarm';
import { useExitAlarmColumns } from './columns';

/**
 * Exit alarms (/exit-alarms, issue 26): the tags an exit gate of the chosen store read that were not sold, with the
 * item's picture, description, size, colour and price, its EPC, the last read and how many, and the alarm's status
 * (open by default). The roles that write mark an open one a false alarm, recovered or lost (lost asks first: the item
 * leaves the stock). The live stream (topic exit-alarm) refreshes the list as a gate reads.
 */
export const ExitAlarmsPage = () => {
  const { t } = useTranslation(['exit-alarms', 'tracking', 'common']);
  const role = useRole();
  const canWrite = role !== undefined && canDo(role, RoleThreshold.write);
  const [status, setStatus] = useState<ExitAlarmFilters['status']>(ExitAlarmStatus.Open);
  const [losing, setLosing] = useState<ExitAlarm | null>(null);
  const resolve = useResolveExitAlarm();
  const filters: ExitAlarmFilters = { status };

  const mark = (alarm: ExitAlarm, next: ExitAlarmResolution) =>
    resolve.mutateAsync({ id: alarm.id, body: { status: next } }).then(() => {
      notify(t(`resolved.${next}`, { epc: alarm.epc }), 'success');
    });

  const columns = useExitAlarmColumns({ canWrite, isResolving: resolve.isPending, mark, setLosing });

  return (
    <>
      <LocationListPage
        title={t('title')}
        noLocation={t('noLocation')}
        noLocationTestId="exit-alarms-no-location"
        testId="exit-alarms-page"
        filters={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <ChoicesFilter
              label={t('filters.status')}
              allLabel={t('filters.all')}
              value={status}
              onChange={setStatus}
              choices={EXIT_ALARM_STATUSES}
              choiceLabel={(value) => t(`status.${value}`)}
              testId="exit-alarms-filter-status"
            />
          </Stack>
        }
      >
        {(location) => (
          <PagedTable
            {...exitAlarmsPages(location.id, filters)}
            columns={columns}
            emptyText={t('empty')}
            testId="exit-alarms-table"
          />
        )}
      </LocationListPage>
      <ConfirmDialog
        open={losing !== null}
        title={t('lost.title')}
        message={losing ? t('lost.message', { epc: losing.epc, description: losing.description ?? t('unknownItem') }) : ''}
        confirmLabel={t('lost.confirm')}
        cancelLabel={t('lost.cancel')}
        isDanger
        onConfirm={() => (losing ? mark(losing, ExitAlarmStatus.Lost) : undefined)}
        onClose={() => setLosing(null)}
      />
    </>
  );
};
