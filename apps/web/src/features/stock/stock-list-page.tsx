import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationListPage } from '../../components/location-list-page';

/** A stock list of the location chosen in the header (stock, by area, by tag, boxes): its 'choose a location' hint is the stock's. */
export const StockListPage = (props: Omit<ComponentProps<typeof LocationListPage>, 'noLocation'>) => {
  const { t } = useTranslation('stock');
  return <LocationListPage {...props} noLocation={t('noLocation')} />;
};
