/** The store floor (issue 26): shrink. */
export {};
