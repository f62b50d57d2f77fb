/** What other features and the app use of replenishment (issue 26): the dashboard's NOSBOS card and the query keys. */

export { replenishmentKeys } from './keys';
export { NosbosCard } from './nosbos-card';
