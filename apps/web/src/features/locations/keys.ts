/** Query keys of the location picker. */
export const locationsKeys = {
  picker: (params: object) => ['picker', params] as const,
};
