import VisibilityIcon from '@mui/icons-material/Visibility';
import { Box, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import type { AuditEntry } from '@rfid/contract';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/paged-table';
import { formatDateTime } from '../../lib/format';

/** The audit log's columns: when, who, where, what, entity, action and the eye opening the row's fields. */
export const useAuditColumns = (setOpenId: (id: number) => void): Column<AuditEntry>[] => {
  const { t } = useTranslation('audit');
  return [
    {
      id: 'when',
      header: t('fields.when'),
      mobile: 'title',
      cell: (row) => (
        <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.at)}
        </Typography>
      ),
    },
    {
      id: 'who',
      header: t('fields.who'),
      cell: (row) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {row.actor.label || '—'}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`actor.${row.actor.kind}`)}
          </Typography>
        </Box>
      ),
    },
    { id: 'where', header: t('fields.where'), cell: (row) => row.ip || '—' },
    {
      id: 'what',
      header: t('fields.what'),
      cell: (row) => (
        <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {`${row.method} ${row.path}`}
        </Typography>
      ),
    },
    { id: 'entity', header: t('fields.entity'), cell: (row) => `${row.entity}${row.entity_id ? ` #${row.entity_id}` : ''}` },
    {
      id: 'action',
      header: t('fields.action'),
      cell: (row) => (
        <Chip
          size="small"
          label={t(`action.${row.action}`)}
          color={row.action === 'delete' ? 'error' : row.action === 'create' ? 'success' : 'default'}
        />
      ),
    },
    {
      id: 'open',
      header: t('fields.detail'),
      cell: (row) => (
        <Tooltip title={t('open')}>
          <IconButton
            size="small"
            aria-label={`${t('open')} ${row.id}`}
            onClick={() => setOpenId(row.id)}
            data-testid="audit-open"
          >
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
};
