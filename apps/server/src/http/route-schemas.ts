import { errorBodySchema, intId, LIST_PAGE_SIZE } from '@rfid/contract';
import { z } from 'zod';

/** Page sizes of spec section 9 shared by the order screens: lists, boxes, lines. */
export const LIST_PAGE = LIST_PAGE_SIZE;
export const BOXES_PAGE = 40;
export const LINES_PAGE = 100;

/** The error answers most routes declare. */
export const errorResponses = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
/** Those and 409, of the routes that refuse a change the state of the record forbids. */
export const conflictErrorResponses = { 409: errorBodySchema, ...errorResponses };

const positiveId = intId();
/** `/:id/` of a location or an order. */
export const locationParams = z.object({ id: positiveId });
/** `/:id/boxes/:boxId/` */
export const boxParams = z.object({ id: positiveId, boxId: positiveId });
/** `/:id/types/:itemType/` */
export const typeParams = z.object({ id: positiveId, itemType: positiveId });

/** The GTIN filter of an item lines page: `item_type__gtin__contains`, or its short form `gtin__contains`. */
export const gtinFilter = (q: { item_type__gtin__contains?: string; gtin__contains?: string }): string | undefined =>
  q.item_type__gtin__contains ?? q.gtin__contains;
