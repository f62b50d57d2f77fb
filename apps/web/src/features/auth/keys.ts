/** Query keys of the signed-in identity (the shell and every role check read it). */
export const authKeys = {
  identity: ['identity'] as const,
};

/** Every query but the identity's: what a change of orders or verifications refreshes. */
export const isNotIdentity = (query: { queryKey: readonly unknown[] }): boolean => query.queryKey[0] !== authKeys.identity[0];
