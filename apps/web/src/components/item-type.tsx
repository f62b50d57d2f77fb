import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import { type AutocompleteRenderInputParams, Box, Stack, TextField, Typography } from '@mui/material';
import type { ItemType } from '@rfid/contract';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What tells one GTIN from another of the same model (issue 28): its size, colour and picture beside the description.
 * Every picker that chooses a GTIN and every list that shows one uses these, so sizes and colours read the same way.
 */
export type ItemVariant = {
  description: string | null;
  /** The catalog's size ('--' is its "no particular size"). */
  size?: string | null | undefined;
  colour?: string | null | undefined;
};

/** The catalog's "no particular size". */
const NO_SIZE = '--';

/** What a picker shows of a catalog GTIN (GET /types/): its size is the primary one, else its first country's. */
export const itemTypeVariant = (item: ItemType): ItemVariant & { gtin: string; image: string } => ({
  gtin: item.gtin,
  description: item.description,
  size: item.size_primary.trim() || item.sizes[0]?.value || '',
  colour: item.colour,
  image: item.external_image,
});

/** "Talla M · Azul marino": the size and colour that are set, joined; '' when neither is. */
export const itemVariantText = (t: TFunction<'components'>, { size, colour }: Omit<ItemVariant, 'description'>): string => {
  const value = size?.trim() ?? '';
  const sizeText = value === NO_SIZE ? t('itemType.oneSize') : value ? t('itemType.size', { size: value }) : '';
  return [sizeText, colour?.trim() ?? ''].filter(Boolean).join(' · ');
};

/**
 * A GTIN's small picture: the catalog's image when it has one (and it loads), else a neutral placeholder that says there
 * is no picture of the item.
 */
export const ItemThumbnail = ({
  src,
  description,
  size = 40,
}: {
  src: string | null | undefined;
  description: string | null;
  size?: number;
}) => {
  const { t } = useTranslation('components');
  const [isBroken, setIsBroken] = useState(false);
  const box = { width: size, height: size, flexShrink: 0, borderRadius: 1 };
  if (!src?.trim() || isBroken) {
    return (
      <Box
        role="img"
        aria-label={t('itemType.noImage', { description: description || t('itemType.item') })}
        data-testid="item-thumbnail-placeholder"
        sx={{ ...box, display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}
      >
        <InventoryIcon sx={{ color: 'grey.500', fontSize: size * 0.55 }} />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt={description || t('itemType.item')}
      loading="lazy"
      onError={() => setIsBroken(true)}
      data-testid="item-thumbnail"
      sx={{ ...box, objectFit: 'contain', bgcolor: 'grey.50' }}
    />
  );
};

/** A GTIN as a picker's option reads it: picture, description, and under it the GTIN, size and colour. */
export const ItemTypeOption = ({ item }: { item: ItemVariant & { gtin: string; image?: string | null | undefined } }) => {
  const { t } = useTranslation('components');
  const variant = itemVariantText(t, item);
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, width: '100%' }} data-testid="item-type-option">
      <ItemThumbnail src={item.image} description={item.description} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {item.description || item.gtin}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {item.gtin}
          </Box>
          {variant && (
            <>
              {' · '}
              <Box component="span" sx={{ color: 'text.primary' }} data-testid="item-type-variant">
                {variant}
              </Box>
            </>
          )}
        </Typography>
      </Box>
    </Stack>
  );
};

/**
 * A list's description cell: the description, and the size and colour muted under it (beside it on phone cards), so
 * the rows of one model's sizes and colours tell apart without two more columns.
 */
export const ItemDescriptionCell = ({ description, size, colour }: ItemVariant) => {
  const { t } = useTranslation('components');
  const variant = itemVariantText(t, { size, colour });
  return (
    <Box component="span" sx={{ display: 'inline-block', minWidth: 0 }} data-testid="item-description">
      {description || '—'}
      {variant && (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          data-testid="item-variant"
          sx={{ display: { xs: 'inline', md: 'block' }, ml: { xs: 0.5, md: 0 } }}
        >
          {variant}
        </Typography>
      )}
    </Box>
  );
};

/** An option of a GTIN picker that may create a GTIN: a catalog GTIN, or the typed GTIN to create. */
export type GtinPickOption = { kind: 'gtin'; item: ItemType } | { kind: 'create'; gtin: string };

/** A GTIN picker's option rows (its Autocomplete's renderOption): a catalog GTIN, or `createLabel` of the one to create. */
export const renderGtinPickOption =
  (createLabel: (gtin: string) => string) => (props: HTMLAttributes<HTMLLIElement> & { key: Key }, option: GtinPickOption) => {
    const { key, ...rest } = props;
    return (
      <li key={key} {...rest} data-testid={option.kind === 'create' ? 'gtin-option-create' : 'gtin-option'}>
        {option.kind === 'create' ? createLabel(option.gtin) : <ItemTypeOption item={itemTypeVariant(option.item)} />}
      </li>
    );
  };

/** "Camiseta básica · Talla M · Azul marino": a catalog GTIN in full, as a GTIN picker shows the one chosen. */
export const useItemTypeText = () => {
  const { t } = useTranslation('components');
  return (item: ItemType): string => [item.description, itemVariantText(t, itemTypeVariant(item))].filter(Boolean).join(' · ');
};

/**
 * A GTIN picker's text field (its Autocomplete's renderInput): small, with the numeric keyboard, `error` or else
 * `helperText` under it, its input named `testId`.
 */
export const renderGtinInput =
  ({
    label,
    error,
    helperText,
    testId,
  }: {
    label: string;
    error?: string | undefined;
    helperText?: string | undefined;
    testId: string;
  }) =>
  (params: AutocompleteRenderInputParams) => (
    <TextField
      {...params}
      size="small"
      label={label}
      error={Boolean(error)}
      helperText={error ?? helperText}
      slotProps={{
        ...params.slotProps,
        htmlInput: { ...params.slotProps.htmlInput, inputMode: 'numeric', 'data-testid': testId },
      }}
    />
  );
