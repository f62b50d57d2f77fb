import { Box, Button, Chip, Typography } from '@mui/material';
import type { Session } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TitledListPage } from '../../components/page-title';
import { type Column, RowsTable } from '../../components/paged-table';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notifier';
import { useSessions } from './api/get-sessions';
import { useRevokeOtherSessions } from './api/revoke-other-sessions';
import { useRevokeSession } from './api/revoke-session';
import { summarizeUserAgent } from './user-agent';

/**
 * The signed-in user's open sessions (/account/sessions, issue 29): where and how each began, when it was last used
 * and when it ends (the sooner of its idle and absolute ends). Any but this one can be closed; "close the others" asks
 * first. A closed session's browser is sent to the sign-in at its next call.
 */
export const SessionsPage = () => {
  const { t } = useTranslation(['sessions', 'common']);
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [closing, setClosing] = useState<Session | null>(null);
  const [isClosingOthers, setIsClosingOthers] = useState(false);
  const device = (row: Session) => summarizeUserAgent(row.user_agent) ?? t('unknownDevice');
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const columns: Column<Session>[] = [
    {
      id: 'device',
      header: t('fields.device'),
      mobile: 'title',
      cell: (row) => (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} title={row.user_agent}>
            {device(row)}
          </Typography>
          {row.current && <Chip size="small" color="primary" label={t('current')} data-testid="session-current" />}
        </Box>
      ),
    },
    { id: 'ip', header: t('fields.ip'), cell: (row) => row.ip || '—' },
    { id: 'method', header: t('fields.method'), cell: (row) => t(`method.${row.method}`) },
    { id: 'created', header: t('fields.created'), cell: (row) => formatDateTime(row.created_at) },
    { id: 'lastSeen', header: t('fields.lastSeen'), cell: (row) => formatDateTime(row.last_seen_at) },
    {
      id: 'ends',
      header: t('fields.ends'),
      cell: (row) => formatDateTime(row.idle_expires_at < row.expires_at ? row.idle_expires_at : row.expires_at),
    },
    {
      id: 'actions',
      header: t('fields.actions'),
      cell: (row) =>
        row.current ? null : (
          <Button
            size="small"
            color="error"
            onClick={() => setClosing(row)}
            aria-label={`${t('close.action')}: ${device(row)}`}
            data-testid="session-close"
          >
            {t('close.action')}
          </Button>
        ),
    },
  ];

  return (
    <TitledListPage
      ns="sessions"
      testId="sessions-page"
      actions={
        <Button
          variant="outlined"
          color="error"
          disabled={others === 0}
          onClick={() => setIsClosingOthers(true)}
          data-testid="sessions-close-others"
        >
          {t('closeOthers.button')}
        </Button>
      }
    >
      <RowsTable
        rows={sessions.data}
        columns={columns}
        rowKey={(row) => row.id}
        testId="sessions-table"
        rowTestId="session-row"
      />
      <ConfirmDialog
        open={closing !== null}
        title={t('close.title')}
        message={closing ? t('close.message', { device: device(closing) }) : ''}
        confirmLabel={t('close.confirm')}
        cancelLabel={t('close.cancel')}
        isDanger
        onConfirm={() => (closing ? revoke.mutateAsync(closing.id).then(() => notify(t('close.done'), 'success')) : undefined)}
        onClose={() => setClosing(null)}
      />
      <ConfirmDialog
        open={isClosingOthers}
        title={t('closeOthers.title')}
        message={t('closeOthers.message', { count: others })}
        confirmLabel={t('closeOthers.confirm')}
        cancelLabel={t('close.cancel')}
        isDanger
        onConfirm={() =>
          revokeOthers.mutateAsync(undefined).then(({ revoked }) => notify(t('closeOthers.done', { count: revoked }), 'success'))
        }
        onClose={() => setIsClosingOthers(false)}
      />
    </TitledListPage>
  );
};
