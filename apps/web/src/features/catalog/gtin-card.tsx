import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import { Box, Card, CardContent, CardMedia, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TermAndValue } from '../../components/facts-card';
import { formatNumber } from '../../lib/format';

type PriceValue = { value: number | string; country?: string | null };
type SizeValue = { value: string; country?: string | null };

/**
 * The GTIN fields the attribute card can show (spec section 2, "GTIN detail"). Structural and
 * all optional so any GTIN-shaped answer (catalog, order line, inventory row) can be passed.
 */
export type GtinAttributes = {
  gtin?: string | null;
  description?: string | null;
  external_image?: string | null;
  model?: string | null;
  colour?: string | null;
  size_primary?: string | null;
  size_secondary?: string | null;
  sizes?: SizeValue[] | null;
  price?: number | string | null;
  prices?: PriceValue[] | null;
  season?: string | null;
  section?: string | null;
  cloth_type?: string | null;
  reference?: string | null;
  department?: string | null;
  leather_code?: string | null;
  provider?: string | null;
  manufacturer?: string | null;
  brand_name?: string | null;
  product_type?: string | null;
  gender?: string | null;
  zone?: string | null;
};

/** Shown before sizes and prices. */
const LEADING_FIELDS = ['description', 'model', 'colour'] as const;
/** Shown after sizes and prices, in the spec's order. */
const TRAILING_FIELDS = [
  'season',
  'section',
  'cloth_type',
  'reference',
  'department',
  'leather_code',
  'provider',
  'manufacturer',
  'brand_name',
  'product_type',
  'gender',
  'zone',
] as const;

const isBlank = (value: unknown): boolean => value === null || value === undefined || String(value).trim() === '';

/** Prices with 2 decimals in the user's language (spec section 9); text that is not a number is shown as is. */
const formatPrice = (value: number | string, language: string): string => {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? formatNumber(number, language) : String(value);
};

/** '--' is the catalog's "no particular size" and reads as 'Standard' (spec section 3). */
const sizeLabel = (value: string, standard: string): string => (value === '--' ? standard : value);

/** The rows of the card: label key and display text, empty fields left out. */
export const gtinAttributeRows = (
  gtin: GtinAttributes,
  { language, standard }: { language: string; standard: string },
): Array<{ key: string; value: string }> => {
  const rows: Array<{ key: string; value: string }> = [];
  if (!isBlank(gtin.gtin)) rows.push({ key: 'gtin', value: String(gtin.gtin) });
  for (const key of LEADING_FIELDS) if (!isBlank(gtin[key])) rows.push({ key, value: String(gtin[key]) });
  const sizes = (gtin.sizes ?? []).filter((size) => !isBlank(size.value));
  if (sizes.length > 0) {
    const text = sizes.map((size) => `${size.country ? `${size.country} ` : ''}${sizeLabel(size.value, standard)}`);
    rows.push({ key: 'sizes', value: text.join(', ') });
  } else {
    const primary = [gtin.size_primary, gtin.size_secondary].filter((value) => !isBlank(value)) as string[];
    if (primary.length > 0) rows.push({ key: 'sizes', value: primary.map((v) => sizeLabel(v, standard)).join(' / ') });
  }
  const prices = (gtin.prices ?? []).filter((price) => !isBlank(price.value));
  if (prices.length > 0) {
    const text = prices.map((price) => `${formatPrice(price.value, language)}${price.country ? ` (${price.country})` : ''}`);
    rows.push({ key: 'prices', value: text.join(', ') });
  } else if (!isBlank(gtin.price)) {
    rows.push({ key: 'price', value: formatPrice(gtin.price as number | string, language) });
  }
  for (const key of TRAILING_FIELDS) if (!isBlank(gtin[key])) rows.push({ key, value: String(gtin[key]) });
  return rows;
};

/** The GTIN attribute card used by every GTIN detail page: image (or placeholder) and non-empty fields. */
export const GtinCard = ({ gtin, title }: { gtin: GtinAttributes; title?: string }) => {
  const { t, i18n } = useTranslation('catalog');
  const [isBroken, setIsBroken] = useState(false);
  const image = !isBlank(gtin.external_image) && !isBroken ? String(gtin.external_image) : null;
  const rows = gtinAttributeRows(gtin, { language: i18n.language, standard: t('standardSize') });
  return (
    <Card data-testid="gtin-card">
      <Stack direction={{ xs: 'column', sm: 'row' }}>
        {image ? (
          <CardMedia
            component="img"
            image={image}
            alt={gtin.description ?? gtin.gtin ?? ''}
            onError={() => setIsBroken(true)}
            sx={{ width: { xs: '100%', sm: 220 }, height: { xs: 220, sm: 'auto' }, objectFit: 'contain', bgcolor: 'grey.50' }}
            data-testid="gtin-card-image"
          />
        ) : (
          <Box
            role="img"
            aria-label={t('card.noImage')}
            data-testid="gtin-card-placeholder"
            sx={{
              width: { xs: '100%', sm: 220 },
              minHeight: 180,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'grey.100',
              color: 'text.secondary',
              flexShrink: 0,
            }}
          >
            <Stack spacing={1} sx={{ alignItems: 'center' }}>
              {/* The picture light, its words dark enough to read (WCAG AA). */}
              <InventoryIcon sx={{ fontSize: 72, color: 'grey.400' }} />
              <Typography variant="caption">{t('card.noImage')}</Typography>
            </Stack>
          </Box>
        )}
        <CardContent sx={{ flex: 1, minWidth: 0 }}>
          {title && (
            <Typography variant="h6" gutterBottom>
              {title}
            </Typography>
          )}
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
              columnGap: 3,
              rowGap: 1,
            }}
          >
            {rows.map((row) => (
              <Box key={row.key} data-testid={`gtin-field-${row.key}`} sx={{ minWidth: 0 }}>
                <TermAndValue label={t(`fields.${row.key}`)} labelVariant="caption">
                  {row.value}
                </TermAndValue>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Stack>
    </Card>
  );
};
