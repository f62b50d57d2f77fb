import SearchIcon from '@mui/icons-material/Search';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import { Box, Button, Card, CardContent, Chip, Divider, Stack, TextField, Typography } from '@mui/material';
import type { FindStoreCounts, FoundItemType, LastSeen } from '@rfid/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ChoiceToggle } from '../../components/choice-toggle';
import { FormAlert, searchStatus } from '../../components/form-alert';
import { TitleText } from '../../components/page-title';
import { useCurrentLocation } from '../../lib/current-location';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { type FindBy, useFindItem } from './api/find-item';
import { ArticleCell } from './availability-page';
import { StatusChip } from './status-chip';

const BYS: FindBy[] = ['gtin', 'model', 'epc'];

/** The path of the locate view of one EPC. */
export const locatePath = (epc: string) => `/find-item/locate/${encodeURIComponent(epc)}`;

/**
 * Find an item (issue 26, item 6): by GTIN, model (every size and colour) or EPC; per item type its counts on the floor
 * and in the stockroom of the store chosen in the header and of the other stores, where its items here were last seen,
 * and a link to follow one EPC's signal (the locate view). The search is in the address (`?gtin=…`), so it can be shared.
 */
export const FindItemPage = () => {
  const { t } = useTranslation(['availability', 'common']);
  const location = useCurrentLocation();
  const [params, setParams] = useSearchParams();
  const by = BYS.find((key) => params.get(key)) ?? 'gtin';
  const text = (params.get(by) ?? '').trim();
  const [draft, setDraft] = useState({ by, text });
  const search = useFindItem({ by, text, location: location?.id ?? null });
  const submit = () => {
    const value = draft.text.trim();
    setParams(value ? { [draft.by]: value } : {});
  };
  const types = search.data?.types ?? [];
  return (
    <Stack spacing={2} data-testid="find-item-page">
      <div>
        <TitleText title={t('find.title')} subtitle={location?.description} />
      </div>
      <Card>
        <CardContent>
          <Stack
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: { md: 'center' } }}
          >
            <ChoiceToggle
              label={t('find.by')}
              choices={BYS}
              value={draft.by}
              onChange={(next) => setDraft((d) => ({ ...d, by: next }))}
              choiceLabel={(key) => t(`find.byName.${key}`)}
              testId={(key) => `find-by-${key}`}
            />
            <TextField
              label={t(`find.byName.${draft.by}`)}
              placeholder={t(`find.placeholder.${draft.by}`)}
              value={draft.text}
              onChange={(event) => setDraft((d) => ({ ...d, text: event.target.value }))}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'find-input', spellCheck: false } }}
            />
            <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-testid="find-submit" sx={{ flexShrink: 0 }}>
              {t('find.submit')}
            </Button>
          </Stack>
          <FormAlert
            status={searchStatus(search, search.isSuccess && types.length === 0, {
              fallback: t('common:errors.connection'),
              nothing: t('find.nothing'),
            })}
            sx={{ mt: 2 }}
          />
        </CardContent>
      </Card>
      {search.data?.item && <FoundEpc item={search.data.item} />}
      <Box
        data-testid="find-results"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}
      >
        {types.map((type) => (
          <FoundTypeCard key={type.gtin} type={type} hasStore={location !== null} />
        ))}
      </Box>
    </Stack>
  );
};

const placeText = (seen: LastSeen, noArea: string) =>
  [seen.area_description ?? noArea, seen.location_description].filter(Boolean).join(' · ');

const FoundEpc = ({ item }: { item: LastSeen }) => {
  const { t } = useTranslation('availability');
  return (
    <Card data-testid="find-epc">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="caption" color="text.secondary">
              {t('find.epc')}
            </Typography>
            <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{item.epc}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('find.lastSeen', {
                place: placeText(item, t('find.noArea')),
                device: item.device ?? '—',
                at: formatDateTime(item.at, '—'),
              })}
            </Typography>
          </Box>
          <StatusChip status={item.status} />
          <Button component={RouterLink} to={locatePath(item.epc)} startIcon={<TrackChangesIcon />} data-testid="find-locate">
            {t('find.locate')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};

const CountsLine = ({ counts, testId }: { counts: FindStoreCounts | null; testId?: string }) => {
  const { t, i18n } = useTranslation('availability');
  const q = (n: number | undefined) => formatQuantity(n ?? 0, i18n.language);
  return (
    <Typography variant="body2" data-testid={testId}>
      {t('find.counts', { floor: q(counts?.on_floor), stockroom: q(counts?.in_stockroom), stock: q(counts?.in_stock) })}
    </Typography>
  );
};

/** One item type found: its size and colour, its counts here and elsewhere, and where its items were last seen here. */
const FoundTypeCard = ({ type, hasStore }: { type: FoundItemType; hasStore: boolean }) => {
  const { t } = useTranslation('availability');
  return (
    <Card data-testid="find-type">
      <CardContent>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <ArticleCell row={type} />
            <Chip size="small" variant="outlined" label={type.gtin} sx={{ fontFamily: 'monospace' }} />
          </Stack>
          {hasStore && (
            <Box>
              <Typography variant="subtitle2">{t('find.here')}</Typography>
              <CountsLine counts={type.here} testId="find-here" />
            </Box>
          )}
          <Box>
            <Typography variant="subtitle2">{t(hasStore ? 'find.others' : 'find.stores')}</Typography>
            {type.others.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('find.none')}
              </Typography>
            ) : (
              type.others.map((store) => (
                <Stack key={store.location} direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} data-testid="find-other">
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {store.description}
                  </Typography>
                  <CountsLine counts={store} />
                </Stack>
              ))
            )}
          </Box>
          {type.last_seen.length > 0 && (
            <>
              <Divider />
              <Typography variant="subtitle2">{t('find.seenHere')}</Typography>
              {type.last_seen.map((seen) => (
                <Stack key={seen.epc} direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography variant="body2">{placeText(seen, t('find.noArea'))}</Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {[seen.device, formatDateTime(seen.at, '—')].filter(Boolean).join(' · ')}
                    </Typography>
                  </Box>
                  <Button
                    size="small"
                    component={RouterLink}
                    to={locatePath(seen.epc)}
                    aria-label={t('find.locateEpc', { epc: seen.epc })}
                  >
                    {t('find.locate')}
                  </Button>
                </Stack>
              ))}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};
