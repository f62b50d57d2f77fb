import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useCurrentLocation } from '../lib/current-location';
import type { CurrentLocation } from '../lib/storage';
import { NoLocation } from './no-location';
import { TitleText } from './page-title';
import { TableCard } from './table-card';

/**
 * A list of the location chosen in the header (POS sales and returns, provider and sale returns):
 * the title over the location (or `subtitle` of it), the filters, and the table in its card;
 * before a location is chosen, the `noLocation` hint instead.
 *
 * ```tsx
 * <LocationListPage title={t('title')} noLocation={t('noLocation')} filters={<FilterBar … />}>
 *   {(location) => <PagedTable queryKey={listKey(location.id, filters)} … />}
 * </LocationListPage>
 * ```
 */
export const LocationListPage = ({
  title,
  subtitle = (location) => location.description,
  filters,
  noLocation,
  noLocationTestId,
  testId,
  children,
}: {
  title: ReactNode;
  subtitle?: (location: CurrentLocation) => ReactNode;
  /** The filters, or the filters of the chosen location. */
  filters: ReactNode | ((location: CurrentLocation) => ReactNode);
  noLocation: ReactNode;
  noLocationTestId?: string;
  testId?: string;
  children: (location: CurrentLocation) => ReactNode;
}) => {
  const location = useCurrentLocation();
  return (
    <Stack spacing={2} data-testid={testId}>
      <div>
        <TitleText title={title} subtitle={location && subtitle(location)} />
      </div>
      {location ? (
        <>
          {typeof filters === 'function' ? filters(location) : filters}
          <TableCard>{children(location)}</TableCard>
        </>
      ) : (
        <NoLocation testId={noLocationTestId}>{noLocation}</NoLocation>
      )}
    </Stack>
  );
};
