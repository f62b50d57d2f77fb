/**
 * The header search (issue 28, finding 16): one box for an EPC (hex, EPC URI or GS1 Digital Link), a GTIN, an order
 * code or a box barcode; the answer is a short list of what the user may open, each with the web page to go to.
 */
import { z } from 'zod';
import { intId } from './common.js';
import { type ValueOf, valuesOf } from './const-enum.js';

/** The longest query: a compressed or uncompressed Digital Link fits, a pasted paragraph does not. */
export const SEARCH_QUERY_MAX = 200;
/** At most this many matches in one answer (exact ones first). */
export const SEARCH_RESULTS_MAX = 8;

/** What a match is: an item (one tag), a product of the catalogue, an order of each kind, a box. */
export const SearchResultKind = {
  Item: 'item',
  Gtin: 'gtin',
  PurchaseOrder: 'purchase_order',
  OnlineOrder: 'online_order',
  MovementOrder: 'movement_order',
  Box: 'box',
} as const;
export type SearchResultKind = ValueOf<typeof SearchResultKind>;
export const SEARCH_RESULT_KINDS = valuesOf(SearchResultKind);

/**
 * GET /api/search/?q=…: `q` the text typed or scanned (trimmed); `location` the location the header has chosen, which
 * decides the side a movement order opens on (its destination: the entry side) — never what is found.
 */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'This field may not be blank.').max(SEARCH_QUERY_MAX, `At most ${SEARCH_QUERY_MAX} characters.`),
  location: intId().optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * One match: its kind, its label (the EPC, GTIN, order code or barcode), a detail to tell it apart (the product's
 * description, the order's places, the box's order; data, not words: the page words the kind), the web route to open,
 * and whether the query named it exactly (a whole EPC, GTIN, order code or barcode, not a prefix).
 */
export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_RESULT_KINDS),
  label: z.string(),
  detail: z.string(),
  route: z.string(),
  is_exact: z.boolean(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchAnswerSchema = z.object({
  query: z.string(),
  results: z.array(searchResultSchema).max(SEARCH_RESULTS_MAX),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
