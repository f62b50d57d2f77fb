import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import { Button, Checkbox, Chip, FormControlLabel, IconButton, Tooltip, Typography } from '@mui/material';
import type { ApiKey, ApiKeyCreated } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TitledListPage } from '../../components/page-title';
import type { Column } from '../../components/paged-table';
import { RowsTable } from '../../components/paged-table';
import { nameOverDetailColumn } from '../../components/two-line';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notifier';
import { GatedPage, isAdminMenuRole } from '../auth';
import { useApiKeys } from './api/get-api-keys';
import { useRevokeApiKey } from './api/revoke-api-key';
import { ApiKeyShownDialog } from './api-key-shown-dialog';
import { CreateApiKeyDialog } from './create-api-key-dialog';

/**
 * API keys (/administrador/api-keys, issue 27; roles 1–2): the company's keys for its integrations, by name, first
 * characters, access, locations, creation and last use. A new key is shown once, with a copy button; revoking asks
 * first and stops the key at once.
 */
export const ApiKeysPage = () => (
  <GatedPage ns="api-keys" allows={isAdminMenuRole}>
    <ApiKeysList />
  </GatedPage>
);

const ApiKeysList = () => {
  const { t } = useTranslation(['api-keys', 'common']);
  const [withRevoked, setWithRevoked] = useState(false);
  const keys = useApiKeys(withRevoked);
  const revoke = useRevokeApiKey();
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const columns: Column<ApiKey>[] = [
    nameOverDetailColumn({
      id: 'name',
      header: t('fields.name'),
      name: (row) => row.name,
      detail: (row) => `${row.prefix}…`,
      detailSx: { fontFamily: 'monospace' },
      detailTestId: 'api-key-prefix',
    }),
    {
      id: 'access',
      header: t('fields.access'),
      cell: (row) => (
        <Chip size="small" label={t(`access.${row.access}`)} color={row.access === 'write' ? 'warning' : 'default'} />
      ),
    },
    {
      id: 'locations',
      header: t('fields.locations'),
      cell: (row) => (row.locations === null ? t('allLocations') : row.locations.map((l) => l.code).join(', ')),
    },
    {
      id: 'created',
      header: t('fields.created'),
      cell: (row) => `${formatDateTime(row.created_at)}${row.created_by ? ` · ${row.created_by.email}` : ''}`,
    },
    { id: 'lastUsed', header: t('fields.lastUsed'), cell: (row) => formatDateTime(row.last_used_at, t('never')) },
    {
      id: 'actions',
      header: t('fields.actions'),
      cell: (row) =>
        row.revoked_at ? (
          <Typography variant="caption" color="error" data-testid="api-key-revoked">
            {t('revokedAt', { date: formatDateTime(row.revoked_at) })}
          </Typography>
        ) : (
          <Tooltip title={t('revoke.action')}>
            <IconButton size="small" aria-label={`${t('revoke.action')}: ${row.name}`} onClick={() => setRevoking(row)}>
              <BlockIcon fontSize="small" color="error" />
            </IconButton>
          </Tooltip>
        ),
    },
  ];

  return (
    <TitledListPage
      ns="api-keys"
      testId="api-keys-page"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsCreating(true)} data-testid="api-key-new">
          {t('create.button')}
        </Button>
      }
    >
      <FormControlLabel
        control={<Checkbox checked={withRevoked} onChange={(event) => setWithRevoked(event.target.checked)} />}
        label={t('showRevoked')}
      />
      {keys.data?.length === 0 ? (
        <Typography color="text.secondary" data-testid="api-keys-empty">
          {t('empty')}
        </Typography>
      ) : (
        <RowsTable rows={keys.data} columns={columns} rowKey={(row) => row.id} testId="api-keys-table" rowTestId="api-key-row" />
      )}
      {isCreating && (
        <CreateApiKeyDialog
          onClose={() => setIsCreating(false)}
          onCreated={(key) => {
            setIsCreating(false);
            setCreated(key);
          }}
        />
      )}
      {created && <ApiKeyShownDialog created={created} onClose={() => setCreated(null)} />}
      <ConfirmDialog
        open={revoking !== null}
        title={t('revoke.title')}
        message={revoking ? t('revoke.message', { name: revoking.name, prefix: revoking.prefix }) : ''}
        confirmLabel={t('revoke.confirm')}
        cancelLabel={t('revoke.cancel')}
        isDanger
        onConfirm={() =>
          revoking
            ? revoke.mutateAsync(revoking.id).then(() => notify(t('revoke.done', { name: revoking.name }), 'success'))
            : undefined
        }
        onClose={() => setRevoking(null)}
      />
    </TitledListPage>
  );
};
