import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { formatQuantity } from '../lib/format';

/**
 * A card of facts about one record (an order's header, a box, a verification, a POS sale…): a
 * description list of `Field`s, two columns on phones and four on a desktop.
 *
 * ```tsx
 * <FactsCard testId="pos-header">
 *   <Field label={t('columns.id')}>{row.id}</Field>
 * </FactsCard>
 * ```
 */
export const FactsCard = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Card data-testid={testId}>
    <CardContent>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}
      >
        {children}
      </Box>
    </CardContent>
  </Card>
);

/**
 * A description list's term and its value: the label muted (in `labelVariant`), the value wrapping anywhere and named
 * `valueTestId` when given.
 */
export const TermAndValue = ({
  label,
  labelVariant,
  valueTestId,
  children,
}: {
  label: ReactNode;
  labelVariant: 'caption' | 'body2';
  valueTestId?: string;
  children: ReactNode;
}) => (
  <>
    <Typography component="dt" variant={labelVariant} color="text.secondary">
      {label}
    </Typography>
    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={valueTestId}>
      {children}
    </Typography>
  </>
);

/** One label and value of a facts card; `wide` spans two columns. */
export const Field = ({ label, children, wide = false }: { label: ReactNode; children: ReactNode; wide?: boolean }) => (
  <Box sx={{ minWidth: 0, gridColumn: wide ? { xs: '1 / -1', md: 'span 2' } : undefined }}>
    <TermAndValue label={label} labelVariant="caption">
      {children}
    </TermAndValue>
  </Box>
);

/** One fact of a `FactsList`: its label (also its key), its value from the record, and the value's test id and colour. */
export type Fact<T> = {
  label: string;
  value: (record: T) => ReactNode;
  testId?: string;
  color?: (record: T) => string | undefined;
  wide?: boolean;
};

/**
 * The count facts of a record in `language`'s numbers: `count(label, value, testId, alert)` is the fact of
 * `value(record)`, named `testId`, in the theme colour `alert` while above zero.
 *
 * ```tsx
 * const count = countFacts<Inventory>(i18n.language);
 * count(t('facts.missing'), (row) => row.missing_items, 'inventory-missing', 'error.main')
 * ```
 */
export const countFacts =
  <T,>(language: string) =>
  (label: string, value: (record: T) => number, testId?: string, alert?: string): Fact<T> => ({
    label,
    value: (record) => formatQuantity(value(record), language),
    ...(testId === undefined ? {} : { testId }),
    ...(alert === undefined ? {} : { color: (record: T) => (value(record) > 0 ? alert : undefined) }),
  });

/**
 * A facts card declared as a list: each fact's value once the record is loaded (a skeleton before),
 * in a span with the fact's test id and colour when it has them; `false` leaves a fact out.
 *
 * ```tsx
 * <FactsList testId="pos-header" record={data} facts={[{ label: t('columns.id'), value: (row) => row.id, testId: 'pos-id' }]} />
 * ```
 */
export const FactsList = <T,>({
  record,
  facts,
  testId,
}: {
  record: T | undefined;
  facts: (Fact<T> | false)[];
  testId?: string;
}) => (
  <FactsCard testId={testId}>
    {facts.map(
      (fact) =>
        fact && (
          <Field key={fact.label} label={fact.label} wide={fact.wide}>
            {record === undefined ? <Skeleton /> : <FactValue fact={fact} record={record} />}
          </Field>
        ),
    )}
  </FactsCard>
);

const FactValue = <T,>({ fact, record }: { fact: Fact<T>; record: T }) => {
  const value = fact.value(record);
  if (fact.testId === undefined && fact.color === undefined) return value;
  return (
    <Box component="span" sx={{ color: fact.color?.(record) }} data-testid={fact.testId}>
      {value}
    </Box>
  );
};
