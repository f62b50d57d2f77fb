import type { TFunction } from 'i18next';
import { emptyCreate } from '../../../components/empty-create';

/**
 * The "new order" of an order dashboard (purchase, online), for the roles that may create orders (`canCreate`): the
 * props of the layout's button (`layout`) and those of the order list when it is empty (`emptyList`). Its texts are
 * the dashboard namespace's `dashboard.newOrder`, `dashboard.emptyCreate` and `dashboard.empty`.
 */
export const orderDashboardCreate = (t: TFunction, createTo: string, canCreate: boolean) => {
  const label = t('dashboard.newOrder');
  return {
    layout: { createTo, createLabel: label, canCreate },
    emptyList: emptyCreate({
      canCreate,
      to: createTo,
      label,
      createText: t('dashboard.emptyCreate'),
      emptyText: t('dashboard.empty'),
    }),
  };
};
