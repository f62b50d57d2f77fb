import type { BoxAreaSeen } from '@rfid/contract';
import type { PageParams } from '../../../components/paged-table';
import { getPage } from '../../../lib/api-client';

export type BoxesSeenFilters = { codebar: string };

/** GET /boxareaseens/{areaId}/: the box barcodes read in an area (cycles, detections, last date). */
export const getBoxesSeen = (areaId: number, filters: BoxesSeenFilters, page: PageParams) =>
  getPage<BoxAreaSeen>(`/boxareaseens/${areaId}/`, page, { query: { codebar__icontains: filters.codebar, order_by: '-date' } });

/** GET /boxareaseens/{areaId}/csv/ is downloaded through the download dialog: its path. */
export const boxesSeenCsvPath = (areaId: number) => `/boxareaseens/${areaId}/csv/`;
