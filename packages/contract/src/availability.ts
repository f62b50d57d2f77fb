/** The store floor (issue 26): availability. */
export {};
