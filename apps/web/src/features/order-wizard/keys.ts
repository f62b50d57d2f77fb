/** Query keys of the order wizard. */
export const orderWizardKeys = {
  gtinSearch: (text: string) => ['order-wizard', 'types', 'search', text] as const,
};
