import { type AddressInfo, createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printers } from '../../db/schema/index.js';
import * as adminTest from '../../test/admin-fixtures.js';
import { buildTestApp, en, type TestApp } from '../../test/helpers.js';
import { freePort } from '../../test/ports.js';
import { PrinterError, tcpTransport } from '../../workers/print-transport.js';
import { isAllowedPrinterAddress, PRINTER_ADDRESS_REFUSED } from '../printing/printer-address.js';

describe('printers API', () => {
  let t: TestApp;
  let foreign: adminTest.ForeignCompany;
  let areaId: number;
  let call: adminTest.CallAs;
  const body = (over: Record<string, unknown> = {}) => ({
    description: 'Zebra ZT411 muelle',
    mac: '00:07:4d:11:22:33',
    location_area: areaId,
    ip_address: '192.168.1.50',
    port: '9100',
    ...over,
  });

  beforeAll(async () => {
    ({ t, foreign, call } = await adminTest.openAdminTest());
    const cdMad = await adminTest.locationIdByCode(t.database.db, 'CD-MAD');
    areaId = await adminTest.firstAreaId(call, cdMad);
  });
  afterAll(async () => t.close());

  it('adds, reads, edits, lists and deletes a printer', async () => {
    const r = await call('POST', '/api/printer/printers/', 'admin@demo.local', body());
    expect(r.statusCode).toBe(201);
    const printer = r.json();
    expect(printer).toMatchObject({
      description: 'Zebra ZT411 muelle',
      mac: '00:07:4D:11:22:33',
      ip_address: '192.168.1.50',
      port: 9100,
    });
    expect(printer.location_area.id).toBe(areaId);
    expect(printer.location_area.description).toBeTruthy();
    const put = await call(
      'PUT',
      `/api/printer/printers/${printer.id}/`,
      'brand@demo.local',
      body({ description: 'ZT411', ip_address: '2001:db8::1', port: 6101 }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ description: 'ZT411', ip_address: '2001:db8::1', port: 6101 });
    const list = (await call('GET', '/api/printer/printers/?description__icontains=zt411', 'printer@demo.local')).json();
    expect(list.count).toBe(1);
    expect((await call('DELETE', `/api/printers/${printer.id}/`, 'admin@demo.local')).statusCode).toBe(204);
    expect((await call('GET', `/api/printer/printers/${printer.id}/`, 'admin@demo.local')).statusCode).toBe(404);
  });

  it("answers the spec's messages and checks IP and port", async () => {
    await adminTest.expectFieldErrors(call('POST', '/api/printer/printers/', 'admin@demo.local', {}), {
      mac: ["MAC address can't be empty"],
      location_area: ["Area can't be empty"],
      ip_address: ['Please enter IP Address'],
      port: ['Please enter Service Port'],
    });
    const bad = await call(
      'POST',
      '/api/printer/printers/',
      'admin@demo.local',
      body({ ip_address: '192.168.1.300', port: 70000, mac: 'zz' }),
    );
    expect(bad.json().errors).toEqual({
      mac: [expect.stringMatching(/valid MAC/)],
      ip_address: ['Enter a valid IP address.'],
      port: ['Enter a valid port (1-65535).'],
    });
    const created = (await call('POST', '/api/printer/printers/', 'admin@demo.local', body())).json();
    await adminTest.expectFieldErrors(
      call('PUT', `/api/printer/printers/${created.id}/`, 'admin@demo.local', body({ description: '' })),
      {
        description: ['Please enter serial number'],
      },
    );
  });

  it('sets the print head resolution: 203 by default, 300 or 600, kept when an edit leaves it out', async () => {
    const created = await call('POST', '/api/printer/printers/', 'admin@demo.local', body({ mac: '00:07:4d:11:22:44' }));
    expect(created.statusCode).toBe(201);
    expect(created.json().dpi).toBe(203);
    const id = created.json().id as number;
    const put = await call('PUT', `/api/printer/printers/${id}/`, 'brand@demo.local', body({ dpi: '300' }));
    expect(put.statusCode).toBe(200);
    expect(put.json().dpi).toBe(300);
    // An edit without it keeps the resolution.
    expect((await call('PUT', `/api/printer/printers/${id}/`, 'admin@demo.local', body())).json().dpi).toBe(300);
    expect((await call('GET', `/api/printer/printers/${id}/`, 'printer@demo.local')).json().dpi).toBe(300);
    const six = await call('POST', '/api/printer/printers/', 'admin@demo.local', body({ mac: '00:07:4d:11:22:55', dpi: 600 }));
    expect(six.json().dpi).toBe(600);
    for (const dpi of [250, 0, 'high', 1200]) {
      const bad = await call('PUT', `/api/printer/printers/${id}/`, 'admin@demo.local', body({ dpi }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ dpi: ['The resolution is 203, 300 or 600 dpi.'] });
    }
    // Roles above 2 cannot change it; a foreign printer is not found.
    await adminTest.expectRefusals(call, [
      [403, 'PUT', `/api/printer/printers/${id}/`, 'printer@demo.local', body({ dpi: 600 })],
      [404, 'PUT', `/api/printer/printers/${foreign.printerId}/`, 'admin@demo.local', body({ dpi: 600 })],
    ]);
  });

  it('refuses roles: only role 1 adds, roles above 2 cannot edit or delete, role 5 cannot even list', async () => {
    await adminTest.expectRefusals(
      call,
      ['brand', 'editor', 'printer', 'viewer'].map(
        (u): adminTest.Refusal => [403, 'POST', '/api/printer/printers/', `${u}@demo.local`, body()],
      ),
    );
    const created = (await call('POST', '/api/printer/printers/', 'admin@demo.local', body())).json();
    await adminTest.expectRefusals(call, [
      [403, 'PUT', `/api/printer/printers/${created.id}/`, 'editor@demo.local', body()],
      [403, 'DELETE', `/api/printers/${created.id}/`, 'printer@demo.local'],
      [403, 'GET', '/api/printer/printers/', 'viewer@demo.local'],
    ]);
  });

  it('keeps foreign printers and areas out of reach', async () => {
    await adminTest.expectRefusals(call, [
      [404, 'GET', `/api/printer/printers/${foreign.printerId}/`, 'admin@demo.local'],
      [404, 'PUT', `/api/printer/printers/${foreign.printerId}/`, 'admin@demo.local', body()],
      [404, 'DELETE', `/api/printers/${foreign.printerId}/`, 'admin@demo.local'],
      [404, 'POST', '/api/printer/printers/', 'admin@demo.local', body({ location_area: foreign.areaId })],
    ]);
    const all = (await call('GET', '/api/printer/printers/?limit=100', 'admin@demo.local')).json();
    expect(all.results.some((p: { id: number }) => p.id === foreign.printerId)).toBe(false);
    // the printer operator (CD-MAD and CD-BCN) does not see a printer in a store
    const tMadArea = await adminTest.firstAreaId(call, await adminTest.locationIdByCode(t.database.db, 'T-MAD-01'));
    const inStore = (await call('POST', '/api/printer/printers/', 'admin@demo.local', body({ location_area: tMadArea }))).json();
    expect((await call('GET', `/api/printer/printers/${inStore.id}/`, 'printer@demo.local')).statusCode).toBe(404);
    const mine = (await call('GET', '/api/printer/printers/?limit=100', 'printer@demo.local')).json();
    expect(mine.results.some((p: { id: number }) => p.id === inStore.id)).toBe(false);
    expect(mine.count).toBeGreaterThan(0);
  });
});

describe('printers API: where a printer may be (issue 13, item 19)', () => {
  let t: TestApp;
  let areaId: number;
  const post = async (ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/printer/printers/',
      headers: { authorization: await t.login('admin@demo.local') },
      payload: { description: 'x', mac: '00:07:4d:11:22:44', location_area: areaId, ip_address: ip, port: 9100 },
    });

  beforeAll(async () => {
    // As a production server: PRINTER_ALLOW_LOOPBACK not set.
    t = await buildTestApp({ options: { printerAllowLoopback: false } });
    const cdMad = await adminTest.locationIdByCode(t.database.db, 'CD-MAD');
    const admin = await t.login('admin@demo.local');
    areaId = (
      await t.app.inject({ method: 'GET', url: `/api/locations/${cdMad}/areas/`, headers: { authorization: admin } })
    ).json().results[0].id;
  });
  afterAll(async () => t.close());

  it('refuses loopback, link-local (cloud metadata), unspecified and multicast addresses, and nothing is made', async () => {
    const before = await t.database.db.$count(printers);
    for (const ip of [
      '169.254.169.254',
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      'fe80::1',
      '0.0.0.0',
      '224.0.0.1',
      '::ffff:127.0.0.1',
    ]) {
      const r = await post(ip);
      expect(r.statusCode, ip).toBe(400);
      expect(r.json().errors, ip).toEqual({ ip_address: [en(PRINTER_ADDRESS_REFUSED)] });
    }
    expect(await t.database.db.$count(printers)).toBe(before);
    expect((await post('10.20.30.40')).statusCode).toBe(201);
  });

  // Issue 29, finding 4: the auditor's 192.0.2.2 was this server's own address on its network, and it was taken.
  const ownAddresses = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((info) => !info.internal && !info.address.startsWith('fe80:'))
    .map((info) => info.address);
  it.skipIf(ownAddresses.length === 0)("refuses this machine's own network addresses, on create and on edit", async () => {
    const before = await t.database.db.$count(printers);
    for (const ip of ownAddresses) {
      const r = await post(ip);
      expect(r.statusCode, ip).toBe(400);
      expect(r.json().errors, ip).toEqual({ ip_address: [en(PRINTER_ADDRESS_REFUSED)] });
    }
    const made = await post('10.20.30.41');
    expect(made.statusCode).toBe(201);
    const admin = await t.login('admin@demo.local');
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/printer/printers/${made.json().id}/`,
      headers: { authorization: admin },
      payload: { description: 'x', mac: '00:07:4d:11:22:45', location_area: areaId, ip_address: ownAddresses[0], port: 9100 },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().errors).toEqual({ ip_address: [en(PRINTER_ADDRESS_REFUSED)] });
    expect(await t.database.db.$count(printers)).toBe(before + 1);
  });

  it('refuses at connection time a host name that resolves to a forbidden address (DNS rebinding)', async () => {
    // `localhost` is a name, not an address: saved, it was not checked as loopback; resolved when printing, it is.
    const transport = tcpTransport({
      connectTimeoutMs: 500,
      isAllowedAddress: (a, port) => isAllowedPrinterAddress(a, { allowLoopback: false }, port),
    });
    const refused = await transport({ host: 'localhost', port: 9100 }).catch((error: unknown) => error);
    expect((refused as PrinterError).message).toBe('The printer at localhost:9100 could not be reached.');
    // Loopback allowed (the demo's simulator), still never this server's own HTTP port.
    let connections = 0;
    const listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    try {
      const demo = tcpTransport({
        connectTimeoutMs: 500,
        isAllowedAddress: (a, p) => isAllowedPrinterAddress(a, { allowLoopback: true, serverPort: () => port }, p),
      });
      const own = await demo({ host: '127.0.0.1', port }).catch((error: unknown) => error);
      expect(own).toBeInstanceOf(PrinterError);
      expect(connections).toBe(0);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });

  it('never connects to a printer row that points at such an address, and says the same for every failed connection', async () => {
    const transport = tcpTransport({
      connectTimeoutMs: 500,
      isAllowedAddress: (a) => isAllowedPrinterAddress(a, { allowLoopback: false }),
    });
    const refused = await transport({ host: '169.254.169.254', port: 80 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PrinterError);
    expect((refused as PrinterError).message).toBe('The printer at 169.254.169.254:80 could not be reached.');
    // A closed port and a forbidden address read the same.
    const open = tcpTransport({ connectTimeoutMs: 500 });
    const closed = await open({ host: '127.0.0.1', port: await freePort() }).catch((error: unknown) => error);
    expect((closed as PrinterError).message).toMatch(/^The printer at 127\.0\.0\.1:\d+ could not be reached\.$/);
  });
});
