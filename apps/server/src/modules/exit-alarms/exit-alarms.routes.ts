import {
  exitAlarmCountQuerySchema,
  exitAlarmCountSchema,
  exitAlarmListQuerySchema,
  exitAlarmParamsSchema,
  exitAlarmResolveBodySchema,
  exitAlarmSchema,
  RoleThreshold,
} from '@rfid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedGetter } from '../../http/paged-route.js';
import { routeDeclarer } from '../../http/route.js';
import { LIST_PAGE, locationParams } from '../../http/route-schemas.js';
import { currentUser } from '../../plugins/auth.js';
import { requireLocation } from '../locations/location-scope.js';
import type { ModuleDeps } from '../registry.js';
import { emitExitAlarms } from '../webhooks/emit-changes.js';
import { markAlarmItemLost, noteAlarmResolved } from './exit-alarms.engine.js';
import { createExitAlarmsRepository } from './exit-alarms.repository.js';
import { countOpenExitAlarms } from './use-cases/count-open-exit-alarms.js';
import { getExitAlarm } from './use-cases/get-exit-alarm.js';
import { listExitAlarms } from './use-cases/list-exit-alarms.js';
import { resolveExitAlarm } from './use-cases/resolve-exit-alarm.js';

/**
 * Exit alarms (issue 26, docs/store-floor/exit-alarms.md): raised by the exit gates' sets (exit-alarms.engine.ts), listed
 * per location, counted for the header's bell and resolved by the roles that write (RoleThreshold.write).
 */
export const exitAlarmsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, engine }) => {
  const route = routeDeclarer(['exit-alarms']);
  const pagedGet = pagedGetter(app, route);
  const repo = createExitAlarmsRepository(db);
  const location = (user: Parameters<typeof requireLocation>[1], locationId: number) => requireLocation(db, user, locationId);

  pagedGet(
    '/locations/:id/exit_alarms/',
    {
      summary: 'Exit alarms of a location, latest read first (status, date_start, date_end; 11 per page)',
      params: locationParams,
      querystring: exitAlarmListQuerySchema,
      row: exitAlarmSchema,
      pageSize: LIST_PAGE,
    },
    (user, { params, query }, page) => listExitAlarms({ repo, location }, user, { locationId: params.id, query, page }),
  );

  app.get(
    '/exit_alarms/count/',
    route({
      summary: 'Open exit alarms of every location the user sees, or of `location` (the header bell)',
      querystring: exitAlarmCountQuerySchema,
      ok: exitAlarmCountSchema,
    }),
    async (request) => countOpenExitAlarms({ repo, location }, currentUser(request), { locationId: request.query.location }),
  );

  app.get(
    '/exit_alarms/:id/',
    route({ summary: 'An exit alarm', params: exitAlarmParamsSchema, ok: exitAlarmSchema }),
    async (request) => getExitAlarm(repo, currentUser(request), request.params.id),
  );

  app.post(
    '/exit_alarms/:id/resolve/',
    route({
      summary: 'Resolve an open exit alarm: false_alarm, recovered or lost (the item becomes UNKNOWN, in no area)',
      maxRole: RoleThreshold.write,
      params: exitAlarmParamsSchema,
      body: exitAlarmResolveBodySchema,
      ok: exitAlarmSchema,
    }),
    async (request) =>
      resolveExitAlarm(
        {
          inTransaction: (work) =>
            engine.transaction((scope) =>
              work({
                repo: createExitAlarmsRepository(scope.tx),
                markItemLost: (alarm, at) => markAlarmItemLost(scope, alarm, at),
                announce: async (alarm, { status, at }) => {
                  noteAlarmResolved(scope.tx, alarm);
                  await emitExitAlarms(scope.tx, [{ ...alarm, change: 'resolved', status, at }]);
                },
              }),
            ),
          now: () => new Date(),
        },
        currentUser(request),
        { id: request.params.id, body: request.body },
      ),
  );
};
