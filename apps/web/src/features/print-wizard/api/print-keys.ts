/** Query keys of everything printing: one root, so a change (an order added, a job started) refreshes all of it. */
export const printKeys = {
  all: ['printing'] as const,
  orders: ['printing', 'orders'] as const,
  tagTypes: ['printing', 'tag-types'] as const,
  formats: ['printing', 'formats'] as const,
  printers: ['printing', 'printers'] as const,
};
