/** Query keys of everything printing: one root, so a change (an order added, a job started) refreshes all of it. */
export const printKeys = {
  all: ['printing'] as const,
  orders: ['printing', 'orders'] as const,
  tagTypes: ['printing', 'tag-types'] as const,
  formats: ['printing', 'formats'] as const,
  printers: ['printing', 'printers'] as const,
  formatsOf: (tagType: number | null) => ['printing', 'formats', tagType] as const,
  printable: (format: number | null) => ['printing', 'orders', 'printable', format] as const,
  order: (id: string | number) => ['printing', 'orders', 'one', String(id)] as const,
  count: (filters: object) => ['printing', 'orders', 'count', filters] as const,
  list: (filters: object) => ['printing', 'orders', 'list', filters] as const,
  tags: (id: string) => ['printing', 'orders', 'tags', id] as const,
  voided: (id: string) => ['printing', 'orders', 'voided', id] as const,
  contents: (id: string) => ['printing', 'orders', 'contents', id] as const,
  printer: (id: number | string) => ['printing', 'printers', 'one', id] as const,
  progress: (id: number | string) => ['printing', 'progress', id] as const,
};
