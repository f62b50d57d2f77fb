import type { z } from 'zod';
import { pagedGetter } from '../../../http/paged-route.js';
import type { ZodApp } from '../../../http/route.js';
import { routeDeclarer } from '../../../http/route.js';
import { LIST_PAGE, locationParams } from '../../../http/route-schemas.js';
import type { OrderLister, OrderPageKind } from './page-kind.js';

/** `GET url`: a location's orders of the kind (its dashboard), a page of LIST_PAGE, filtered by `querystring`. */
export const registerLocationList = <Q extends z.ZodType<Record<string, unknown>>, O extends z.ZodType>(
  app: ZodApp,
  kind: OrderPageKind,
  {
    url,
    summary,
    querystring,
    order,
    lister,
  }: { url: string; summary: string; querystring: Q; order: O; lister: OrderLister<z.output<Q>, z.output<O>> },
): void => {
  pagedGetter(app, routeDeclarer(kind.tags))(
    url,
    { summary, params: locationParams, querystring, row: order, pageSize: LIST_PAGE },
    (user, { params, query }, page) => lister.list(user, params.id, query, page),
  );
};
