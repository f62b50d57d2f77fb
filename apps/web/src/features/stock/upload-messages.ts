import type { TFunction } from 'i18next';

/**
 * The server's messages about an inventory file (stock.rules.ts, stock.routes.ts) in the user's
 * language; an unknown message is shown as the server wrote it.
 */
const PATTERNS: Array<{ pattern: RegExp; key: string; names: string[] }> = [
  {
    pattern: /^Row (\d+): the quantity '(.*)' is not a whole number of 0 or more\.$/,
    key: 'badQuantity',
    names: ['row', 'value'],
  },
  { pattern: /^Row (\d+): the quantity is missing\.$/, key: 'noQuantity', names: ['row'] },
  { pattern: /^Row (\d+): '(.*)' is not a valid GTIN\.$/, key: 'badGtin', names: ['row', 'value'] },
  { pattern: /^Row (\d+): the GTIN is missing\.$/, key: 'noGtin', names: ['row'] },
  { pattern: /^Row (\d+): GTIN (\d+) is not in the catalog\.$/, key: 'unknownGtin', names: ['row', 'value'] },
  { pattern: /^Row (\d+): The file has no rows\.$/, key: 'noRows', names: ['row'] },
  { pattern: /^Row (\d+): The first row must name a gtin and a quantity column\.$/, key: 'noHeader', names: ['row'] },
  { pattern: /^Row (\d+): The file is not a valid CSV\.$/, key: 'notCsv', names: ['row'] },
  { pattern: /^Row (\d+): At most (\d+) rows\.$/, key: 'tooManyRows', names: ['row', 'value'] },
  { pattern: /^Only \.csv files\.$/, key: 'onlyCsv', names: [] },
  { pattern: /^Please select file$/, key: 'selectFile', names: [] },
  { pattern: /^The file is too large/, key: 'tooLarge', names: [] },
];

export const translateUploadMessage = (message: string, t: TFunction<'stock'>): string => {
  for (const { pattern, key, names } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
    return t(`upload.errors.${key}`, values);
  }
  return message;
};
