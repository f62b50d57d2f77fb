/**
 * The date styles the product never shows (docs/writing-guide.md): 12-hour times ("2:41 am", "2:41 p. m.") and
 * day-month-year dates with dashes ("29-11-2026"); `formatDate` / `formatDateTime` (format.ts) write DD/MM/YYYY and
 * DD/MM/YYYY HH:mm in both languages. Read by the writing-guide test over the catalogues and by the route walks over
 * every page's text (e2e/routes/route-checks.ts).
 */
const TWELVE_HOURS = /\d{1,2}[:.]\d{2}\s*(am|pm|[ap]\.\s?m\.)(?![a-z])|(?<![a-z])[ap]\.\s?m\.(?![a-z])/giu;
const DASHED_DATE = /(?<![\d-])\d{2}-\d{2}-\d{4}(?![\d-])/g;

/** The pieces of `text` written in a date style the product does not use (none: an empty list). */
export const offStyleDates = (text: string): string[] => [
  ...Array.from(text.matchAll(TWELVE_HOURS), (match) => match[0]),
  ...Array.from(text.matchAll(DASHED_DATE), (match) => match[0]),
];
