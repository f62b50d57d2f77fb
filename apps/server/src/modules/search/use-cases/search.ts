import { SEARCH_RESULTS_MAX, type SearchAnswer, type SearchQuery, type SearchResult, SearchResultKind } from '@rfid/contract';
import type { AuthUser } from '../../../plugins/auth.js';
import type { GtinHit, ItemHit, OrderHit, SearchRepository } from '../search.repository.js';
import { movementSide, orderPlaces, recogniseQuery, searchPages } from '../search.rules.js';

const ORDER_KIND: Record<OrderHit['type'], SearchResult['kind']> = {
  purchase: SearchResultKind.PurchaseOrder,
  online: SearchResultKind.OnlineOrder,
  movement: SearchResultKind.MovementOrder,
};

const itemResult = (item: ItemHit): SearchResult => ({
  kind: SearchResultKind.Item,
  label: item.epc,
  detail: item.description ?? item.gtin ?? '',
  route: searchPages.item(item.epc),
  is_exact: true,
});

const gtinResult = (product: GtinHit, isExact: boolean): SearchResult => ({
  kind: SearchResultKind.Gtin,
  label: product.gtin,
  detail: [product.description, product.colour, product.size].filter(Boolean).join(' · '),
  route: searchPages.gtin(product.gtin),
  is_exact: isExact,
});

/**
 * GET /api/search/?q=…: what the query names among what the user may open (issue 28, finding 16). The query is read as
 * every kind it may be (search.rules.ts) and each is looked up in the user's scope: items at its locations, the
 * company's catalogue, orders and boxes of its locations (another company's, another location's: simply not found).
 * Exact matches first (an EPC's item, a GTIN's product, an order code or barcode typed whole), then prefixes of order
 * codes and barcodes; at most SEARCH_RESULTS_MAX.
 */
export const search = async (repo: SearchRepository, user: AuthUser, { q, location }: SearchQuery): Promise<SearchAnswer> => {
  const query = recogniseQuery(q);
  const [byEpc, bySerial, product, epcProduct, orderHits, boxHits] = await Promise.all([
    repo.itemsByEpc(user, query.epcs),
    query.gtinSerial ? repo.itemsByGtinSerial(user, query.gtinSerial.gtin, query.gtinSerial.serial) : [],
    query.gtin ? repo.productByGtin(user, query.gtin) : undefined,
    query.epcGtin && query.epcGtin !== query.gtin ? repo.productByGtin(user, query.epcGtin) : undefined,
    query.code ? repo.ordersByCodePrefix(user, query.code, SEARCH_RESULTS_MAX) : [],
    query.code ? repo.boxesByBarcodePrefix(user, query.code, SEARCH_RESULTS_MAX) : [],
  ]);
  const code = query.code?.toLowerCase();
  const itemsFound = [...new Map([...byEpc, ...bySerial].map((item) => [item.epc, item])).values()];
  const results: SearchResult[] = [
    ...itemsFound.map(itemResult),
    ...(product ? [gtinResult(product, true)] : []),
    ...orderHits.map(
      (order): SearchResult => ({
        kind: ORDER_KIND[order.type],
        label: order.code,
        detail: orderPlaces(order),
        route: searchPages.order(order.type, order.id, movementSide(order, user, location)),
        is_exact: order.code.toLowerCase() === code,
      }),
    ),
    ...boxHits.map(
      (box): SearchResult => ({
        kind: SearchResultKind.Box,
        label: box.barcode,
        detail: box.order.code,
        route: searchPages.box(box.order.type, box.order.id, box.id, movementSide(box.order, user, location)),
        is_exact: box.barcode.toLowerCase() === code,
      }),
    ),
    // The product of an EPC's GTIN: after the item, for a tag the company has not read yet.
    ...(epcProduct ? [gtinResult(epcProduct, false)] : []),
  ];
  // Exact ones first, the order above kept within each group (sort is stable).
  results.sort((a, b) => Number(b.is_exact) - Number(a.is_exact));
  return { query: q, results: results.slice(0, SEARCH_RESULTS_MAX) };
};
