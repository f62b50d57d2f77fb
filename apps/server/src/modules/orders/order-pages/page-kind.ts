import type { itemLineQuerySchema, orderBoxesQuerySchema } from '@rfid/contract';
import { z } from 'zod';
import type { PageParams } from '../../../http/paging.js';
import type { AuthUser } from '../../../plugins/auth.js';
import type { PageRequestInput } from '../../use-case-input.js';

/**
 * The order pages (a location's list of orders, one order, its item lines and boxes, a GTIN of it, its items file) are
 * declared by each kind of order — purchase orders (orders), online orders (online), movements (movements) — with the
 * route pieces of this folder it shows, each given the small reader it calls (the types below).
 */

/** Which side a movement page reads (`?side=exit|entry`); purchase and online pages have one side. */
export type PageSide = 'exit' | 'entry';

/** A page of rows and the count of all of them. */
export type Page<T> = Promise<{ count: number; results: T[] }>;

/**
 * How a kind's pages read the side they show: movements take `?side=exit|entry` (`EXIT_OR_ENTRY`), the other kinds
 * have one side and take no `side` (`ONE_SIDE`). `query` is the key's schema, `of` reads it from a validated query.
 */
export type PageSides = {
  query: z.ZodObject<{ side?: z.ZodOptional<z.ZodEnum<{ exit: 'exit'; entry: 'entry' }>> }>;
  of: (query: object) => PageSide | undefined;
};

export const ONE_SIDE: PageSides = { query: z.object({}), of: () => undefined };

export const EXIT_OR_ENTRY: PageSides = {
  query: z.object({ side: z.enum(['exit', 'entry']).optional() }),
  of: (query) => ('side' in query && (query.side === 'exit' || query.side === 'entry') ? query.side : undefined),
};

/** What every piece of a kind's pages is told: its OpenAPI tags, what a summary calls one order, its URL prefix, its sides. */
export type OrderPageKind = {
  tags: string[];
  /** 'an order', 'an online order', 'a movement'. */
  name: string;
  /** '/porders', '/orders', '/morders'. */
  prefix: string;
  sides: PageSides;
};

/** A page of something of an order (`id`), as asked: the side it is read at (movements) and the validated query. */
type OrderPageInput<Query> = PageRequestInput<'id', Query> & { side?: PageSide };
/**
 * A page of an order's item lines as asked: the order, its side, the validated query (`item_type__gtin__contains` or
 * `gtin__contains`).
 */
export type OrderLinesInput = OrderPageInput<z.output<typeof itemLineQuerySchema>>;
/** A page of the item lines of a box of the order. */
export type BoxLinesInput = OrderLinesInput & { boxId: number };
/** A page of an order's boxes as asked: a barcode filter (`box__codebar__contains` or `codebar`) and `order_by`. */
export type OrderBoxesInput = OrderPageInput<z.output<typeof orderBoxesQuerySchema>>;

/** The readers the pieces call, each the one operation its routes need; `side` is given only on movement pages. */
export type OrderLister<Query, Order> = {
  /** The location's dashboard list. */
  list: (user: AuthUser, locationId: number, query: Query, page: PageParams) => Page<Order>;
};
export type OrderReader<Order> = { get: (user: AuthUser, id: number, side?: PageSide) => Promise<Order> };
export type OrderRemover = {
  /** Deletes an order with no verified box (409 otherwise). */
  remove: (user: AuthUser, id: number) => Promise<void>;
};
export type OrderLinesReader<Line> = { lines: (input: OrderLinesInput) => Page<Line> };
export type OrderBoxesReader<Box> = { boxes: (input: OrderBoxesInput) => Page<Box> };
export type BoxPagesReader<Box, Line> = {
  box: (user: AuthUser, id: number, boxId: number, side?: PageSide) => Promise<Box>;
  boxLines: (input: BoxLinesInput) => Page<Line>;
};
