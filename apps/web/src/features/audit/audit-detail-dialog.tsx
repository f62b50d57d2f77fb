import { alpha, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { TermAndValue } from '../../components/facts-card';
import { SimpleDialog } from '../../components/simple-dialog';
import { Spinner } from '../../components/spinner';
import { formatDateTime } from '../../lib/format';
import { useAuditEntry } from './api/get-audit-entry';
import { fieldChanges } from './field-changes';

/**
 * One audit row (issue 29): who, when, from where and what, then its fields before → after, the changed ones
 * highlighted (a side that is missing shows "—"). Secrets come from the server as "[redacted]".
 */
export const AuditDetailDialog = ({ id, onClose }: { id: number | null; onClose: () => void }) => {
  const { t } = useTranslation('audit');
  const entry = useAuditEntry(id);
  const row = entry.data;
  const changes = row ? fieldChanges(row.before, row.after) : [];
  const facts = row
    ? [
        [t('fields.when'), formatDateTime(row.at)],
        [t('fields.who'), `${row.actor.label || '—'} (${t(`actor.${row.actor.kind}`)})`],
        [t('fields.where'), `${row.ip || '—'} · ${row.user_agent || '—'}`],
        [t('fields.what'), `${row.method} ${row.path} → ${row.status}`],
        [t('fields.entity'), `${row.entity}${row.entity_id ? ` #${row.entity_id}` : ''} · ${t(`action.${row.action}`)}`],
      ]
    : [];
  return (
    <SimpleDialog
      open={id !== null}
      onClose={onClose}
      title={t('detail.title', { id: id ?? '' })}
      testId="audit-detail"
      actions={<Button onClick={onClose}>{t('detail.close')}</Button>}
    >
      {!row ? (
        <Spinner />
      ) : (
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, gap: 0.5 }}>
            {facts.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <TermAndValue label={label} labelVariant="body2">
                  {value}
                </TermAndValue>
              </Box>
            ))}
          </Box>
          <Typography variant="subtitle2" component="h3">
            {t('detail.fields')}
          </Typography>
          {changes.length === 0 ? (
            <Typography color="text.secondary">{t('detail.noFields')}</Typography>
          ) : (
            <Box
              role="table"
              aria-label={t('detail.fields')}
              // Focusable: on a phone the dialog scrolls, and a keyboard must reach what it hides.
              tabIndex={0}
              data-testid="audit-changes"
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(6rem, max-content) 1fr 1fr' }, gap: 0.5 }}
            >
              <Box role="row" sx={{ display: { xs: 'none', sm: 'contents' } }}>
                {[t('detail.field'), t('detail.before'), t('detail.after')].map((header) => (
                  <Typography key={header} role="columnheader" variant="caption" color="text.secondary">
                    {header}
                  </Typography>
                ))}
              </Box>
              {changes.map((change) => (
                <Box
                  key={change.field}
                  role="row"
                  data-testid={`audit-change-${change.field}`}
                  data-changed={change.isChanged ? 'true' : 'false'}
                  sx={{
                    display: 'contents',
                    '& > *': change.isChanged ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.16) } : {},
                  }}
                >
                  <Typography role="cell" variant="body2" sx={{ fontWeight: 600, px: 0.5, overflowWrap: 'anywhere' }}>
                    {change.field}
                    {change.isChanged && (
                      <Typography component="span" variant="caption" sx={{ ml: 0.5 }}>
                        {`(${t('detail.changed')})`}
                      </Typography>
                    )}
                  </Typography>
                  <Typography role="cell" variant="body2" sx={{ px: 0.5, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ display: { sm: 'none' } }}>{`${t('detail.before')}: `}</Box>
                    {change.before || '—'}
                  </Typography>
                  <Typography role="cell" variant="body2" sx={{ px: 0.5, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                    <Box component="span" sx={{ display: { sm: 'none' } }}>{`${t('detail.after')}: `}</Box>
                    {change.after || '—'}
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </Stack>
      )}
    </SimpleDialog>
  );
};
