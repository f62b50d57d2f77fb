/** Query keys of the exit alarms (issue 26): everything under ['exit-alarms'] (the live topic `exit-alarm` refreshes it). */
export const exitAlarmsKeys = {
  all: ['exit-alarms'] as const,
  list: (locationId: number, filters: object) => ['exit-alarms', 'list', locationId, filters] as const,
  count: (filters: object) => ['exit-alarms', 'count', filters] as const,
};
