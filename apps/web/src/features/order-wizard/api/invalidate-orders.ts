import type { QueryClient } from '@tanstack/react-query';
import { isNotIdentity } from '../../auth';

/**
 * A new order, box or removed box changes the dashboards, headers and statistics of whichever
 * feature shows that kind of order; the wizard does not know their keys, so it marks every cached
 * query stale but the identity (only the mounted ones refetch at once, the rest on their next use).
 */
export const invalidateOrderQueries = (client: QueryClient) => client.invalidateQueries({ predicate: isNotIdentity });
