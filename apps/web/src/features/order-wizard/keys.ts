/** Query keys of the order wizard. */
export const orderWizardKeys = {
  gtinSearch: (text: string) => ['order-wizard', 'types', 'search', text] as const,
  orderByCode: (locationId: number, code: string) => ['order-wizard', 'porders', locationId, 'code', code] as const,
};
