import { describe, expect, it } from 'vitest';
import { actionOf, entityIdOf, entityOf, isAuditedPath, isSignInRoute } from './audit.derive.js';

describe('what an audited write was about', () => {
  it.each([
    ['/api/readers/:id/', 'PUT', 'readers', 'update'],
    ['/api/readers/', 'POST', 'readers', 'create'],
    ['/api/readers/:id/', 'DELETE', 'readers', 'delete'],
    ['/api/readers/:id/rotate_key/', 'POST', 'readers', 'action'],
    ['/nms/deviceapp/:id/start/', 'POST', 'deviceapp', 'action'],
    ['/epcis/capture', 'POST', 'capture', 'create'],
    ['/api/users/:id/', 'PATCH', 'users', 'update'],
  ])('%s %s → %s, %s', (route, method, entity, action) => {
    expect(entityOf(route)).toBe(entity);
    expect(actionOf(method, route)).toBe(action);
  });

  it("takes the entity id from the route's id, else its first parameter, else the answer's id", () => {
    expect(entityIdOf({ id: '7' }, '/api/areas/:id/', { id: 99 })).toBe('7');
    expect(entityIdOf({ location_id: '3' }, '/api/locations/:location_id/x/', null)).toBe('3');
    expect(entityIdOf({}, '/api/areas/', { id: 12 })).toBe('12');
    expect(entityIdOf({}, '/api/erp/stock/', [{ id: 1 }])).toBeNull();
  });

  it.each([
    ['/api/areas/1/', true],
    ['/nms/device/1/update_device/', true],
    ['/epcis/capture', true],
    ['/api/docs/json', false],
    ['/assets/x.js', false],
  ])('records the API, NMS and EPCIS paths: %s %s', (path, audited) => {
    expect(isAuditedPath(path)).toBe(audited);
  });

  it.each([
    ['/api/authtoken/', true],
    ['/api/auth/mfa/', true],
    ['/api/authors/', false],
  ])('knows the sign-in routes: %s %s', (route, signIn) => {
    expect(isSignInRoute(route)).toBe(signIn);
  });
});
