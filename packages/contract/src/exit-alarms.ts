/** The store floor (issue 26): exit-alarms. */
export {};
