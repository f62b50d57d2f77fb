import { type Page, PRINTER_DIALOG_PAGE_SIZE, type Printer } from '@rfid/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { printKeys } from '../keys';

/** GET /printer/printers/?limit=100: the printers of the locations the user sees (the print dialog lists 100). */
export const getPrintChoices = (signal?: AbortSignal) =>
  apiRequest<Page<Printer>>('/printer/printers/', { query: { limit: PRINTER_DIALOG_PAGE_SIZE }, signal }).then(
    (page) => page.results,
  );

export const printChoicesQueryOptions = () =>
  queryOptions({ queryKey: printKeys.printers, queryFn: ({ signal }) => getPrintChoices(signal), staleTime: 30_000 });

export const usePrintChoices = (isEnabled = true) => useQuery({ ...printChoicesQueryOptions(), enabled: isEnabled });
