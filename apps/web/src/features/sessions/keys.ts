/** Query keys of the user's sessions page (issue 29): everything under ['sessions']. */
export const sessionsKeys = {
  all: ['sessions'] as const,
};
