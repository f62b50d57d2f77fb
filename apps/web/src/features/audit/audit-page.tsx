import DownloadIcon from '@mui/icons-material/Download';
import { Stack } from '@mui/material';
import { AUDIT_ACTIONS } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter, useLastValidRange } from '../../components/date-range-filter';
import { DownloadDialog } from '../../components/download-dialog';
import { ExportButtons } from '../../components/export-buttons';
import { FilterBar } from '../../components/filter-bar';
import { TitledListPage } from '../../components/page-title';
import { PagedTable } from '../../components/paged-table';
import { SelectFilter } from '../../components/select-filter';
import { GatedPage, isAdminMenuRole } from '../auth';
import { type AuditFilters, auditPages, auditQuery } from './api/get-audit-entries';
import { AuditDetailDialog } from './audit-detail-dialog';
import { useAuditColumns } from './columns';

/**
 * The audit log (/administrador/audit, issue 29; roles 1–2): every write by a user or an API key and every sign-in of
 * the company, newest first, by dates, actor, entity and action; a row opens its fields before → after; the filtered
 * rows download as CSV or Excel.
 */
export const AuditPage = () => (
  <GatedPage ns="audit" allows={isAdminMenuRole}>
    <AuditLog />
  </GatedPage>
);

type TextFilters = { actor: string; entity: string; entity_id: string };

const AuditLog = () => {
  const { t } = useTranslation('audit');
  const { range, setRange } = useLastValidRange({ start: '', end: '' });
  const [text, setText] = useState<TextFilters>({ actor: '', entity: '', entity_id: '' });
  const [action, setAction] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const [download, setDownload] = useState<'csv' | 'xlsx' | null>(null);
  const filters: AuditFilters = { from: range.start, to: range.end, ...text, action };

  const columns = useAuditColumns(setOpenId);

  return (
    <TitledListPage
      ns="audit"
      testId="audit-page"
      actions={
        <ExportButtons
          variant="outlined"
          icons={{ csv: <DownloadIcon />, xlsx: <DownloadIcon /> }}
          onPick={setDownload}
          labels={{ csv: t('export.csv'), xlsx: t('export.xlsx') }}
          testIds={{ csv: 'audit-export-csv', xlsx: 'audit-export-xlsx' }}
        />
      }
    >
      <Stack spacing={1} data-testid="audit-filters">
        <DateRangeFilter value={range} onChange={setRange} startLabel={t('filters.from')} endLabel={t('filters.to')} />
        <FilterBar
          layout="grid"
          fields={[
            { name: 'actor', label: t('filters.actor') },
            { name: 'entity', label: t('filters.entity') },
            { name: 'entity_id', label: t('filters.entityId') },
          ]}
          value={text}
          onChange={setText}
        />
        <SelectFilter
          label={t('filters.action')}
          allLabel={t('filters.all')}
          value={action}
          onChange={setAction}
          options={AUDIT_ACTIONS.map((value) => ({ value, label: t(`action.${value}`) }))}
          testId="filter-action"
        />
      </Stack>
      <PagedTable
        {...auditPages(filters)}
        columns={columns}
        emptyText={t('empty')}
        testId="audit-table"
        refetchInterval={false}
      />
      <AuditDetailDialog id={openId} onClose={() => setOpenId(null)} />
      {download && (
        <DownloadDialog
          open
          onClose={() => setDownload(null)}
          path="/audit/export/"
          query={auditQuery(filters)}
          fileName={download === 'xlsx' ? 'audit.xlsx' : 'audit.csv'}
          format={download}
          title={t('export.title')}
        />
      )}
    </TitledListPage>
  );
};
