/** Query keys of the location picker and of the user's default location. */
export const locationsKeys = {
  picker: (params: object) => ['picker', params] as const,
  default: ['default-location'] as const,
};
