import type { BrowserContext, Route } from 'playwright-core';

/**
 * An in-memory stand-in for the admin endpoints (readers, NMS), used only by the screen tests that
 * check layout and interaction without depending on server state. The journeys in
 * admin-journey.e2e.ts use the real API.
 */
export type FakeReader = {
  id: number;
  serial_number: string;
  mac_address: string;
  working_mode: number;
  reader_type: number;
  locationArea1: number;
  description_area_locationArea1: string;
  state: 'ON' | 'OFF' | null;
};

export const fakeReaders = (count: number): FakeReader[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    serial_number: `RD-${String(index + 1).padStart(4, '0')}`,
    mac_address: `AA:BB:CC:00:00:${(index + 1).toString(16).padStart(2, '0').toUpperCase()}`,
    working_mode: index % 8,
    reader_type: index % 2,
    locationArea1: 1,
    description_area_locationArea1: 'Muelle de recepción',
    state: index % 3 === 0 ? 'ON' : 'OFF',
  }));

const json = (route: Route, body: unknown, status = 200) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

export const installFakeAdminApi = async (
  context: BrowserContext,
  { readers, isNmsDown = false }: { readers: FakeReader[]; isNmsDown?: boolean },
) => {
  const updates: { id: number; body: Record<string, unknown> }[] = [];
  const firmwareRequests: { version: string }[] = [];
  const apps = [
    {
      id: 1,
      application: 'reader-agent',
      version_name: '2.4.1',
      version: '241',
      running: true,
      desired_running: true,
      config: { power: '30' },
      device: 1,
    },
    {
      id: 2,
      application: 'gpio-watch',
      version_name: '1.0.0',
      version: '100',
      running: false,
      desired_running: false,
      config: {},
      device: 1,
    },
  ];
  await context.route('**/api/readers/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const idMatch = /\/readers\/(\d+)\/$/.exec(url.pathname);
    if (request.method() === 'GET' && !idMatch) {
      const limit = Number(url.searchParams.get('limit') ?? 11);
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const serial = url.searchParams.get('serial_number__icontains') ?? '';
      const rows = readers.filter((reader) => reader.serial_number.toLowerCase().includes(serial.toLowerCase()));
      return json(route, {
        count: rows.length,
        next: offset + limit < rows.length ? 'next' : null,
        previous: null,
        results: rows.slice(offset, offset + limit),
      });
    }
    const reader = readers.find((row) => row.id === Number(idMatch?.[1]));
    if (!reader) return json(route, { message: 'Not found.' }, 404);
    if (request.method() === 'PUT') {
      const body = request.postDataJSON() as Record<string, unknown>;
      updates.push({ id: reader.id, body });
      Object.assign(reader, body);
    }
    return json(route, reader);
  });
  await context.route('**/nms/**', async (route) => {
    if (isNmsDown) return json(route, { message: 'Service unavailable' }, 503);
    const request = route.request();
    const url = new URL(request.url());
    if (url.pathname === '/nms/device/') {
      return json(route, [
        { id: 1, mac: url.searchParams.get('mac'), state: 'ON', nms_connected: true, version: '1.0', last_seen_at: null },
      ]);
    }
    if (url.pathname === '/nms/deviceapp/') return json(route, apps);
    if (/\/device\/\d+\/update_device\/$/.test(url.pathname)) {
      firmwareRequests.push(request.postDataJSON() as { version: string });
      return json(route, { id: 1, command: 'update_device', status: 'sent' }, 202);
    }
    const start = /\/deviceapp\/(\d+)\/(start|stop)\/$/.exec(url.pathname);
    const app = apps.find((row) => row.id === Number(start?.[1]));
    if (start && app) {
      // The reader has not answered yet: only the desired state changes.
      app.desired_running = start[2] === 'start';
      return json(route, app);
    }
    return json(route, { message: 'Not found.' }, 404);
  });
  return { updates, apps, firmwareRequests };
};
