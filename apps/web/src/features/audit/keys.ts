/** Query keys of the audit log page (issue 29): everything under ['audit']. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: object) => ['audit', 'list', filters] as const,
  entry: (id: number) => ['audit', 'entry', id] as const,
};
