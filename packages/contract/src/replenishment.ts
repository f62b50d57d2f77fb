/** The store floor (issue 26): replenishment. */
export {};
