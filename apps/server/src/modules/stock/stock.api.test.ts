import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countedStocks } from '../../db/schema/index.js';
import { addForeignCompany, areaIdByDescription, type ForeignCompany } from '../../test/admin-fixtures.js';
import { demoReaders } from '../../test/demo-readers.js';
import { demoWorld } from '../../test/demo-world.js';
import { csvLinesOf, multipartForm } from '../../test/helpers.js';
import { newEpcs, postSet } from '../movements/outbound-fixtures.js';

const multipart = (filename: string, text: string, field = 'file') => multipartForm([{ name: field, filename, content: text }]);

type StockRow = {
  gtin: string;
  count: number;
  rfid_count: number;
  counted_count: number;
  minimum_stock: number | null;
  is_alarm: boolean;
};
type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/**
 * Every stock endpoint (docs/design/stock.md) against the real engine: items are STOCKED by the
 * demo tunnel TUN-MAD-01 (working mode 0) reading the boxes of a purchase order at CD-MAD's
 * "Muelle de recepción", then counted stock is uploaded, minimum stocks are set and alarms read.
 * Each endpoint: its happy path, a validation error, a refused role and a foreign location.
 */
describe('stock endpoints', () => {
  const demo = demoWorld();
  let foreign: ForeignCompany;
  let cdMad: number;
  let cdBcn: number;
  let dock: number; // CD-MAD, Muelle de recepción (the tunnel's area)
  let shipping: number; // CD-MAD, Expedición
  let bcnArea: number;
  let storeArea: number;
  let gA: { id: number; gtin: string };
  let gB: { id: number; gtin: string };
  let gC: { id: number; gtin: string };
  let boxOne = 0;
  let orderId = 0;
  const epcsA: string[] = [];
  const { tunnel, exitPortal } = demoReaders;

  const call = (auth: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    demo.t.call(method, `/api${url}`, auth, payload);
  const ok = async <T = Record<string, unknown>>(auth: string, url: string): Promise<T> => {
    const r = await call(auth, 'GET', url);
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as T;
  };
  const upload = (auth: string, areaId: number, filename: string, text: string) => {
    const m = multipart(filename, text);
    return demo.t.app.inject({
      method: 'POST',
      url: `/api/areas/${areaId}/upload_inventory_file/`,
      headers: { authorization: auth, ...m.headers },
      payload: m.payload,
    });
  };
  const rowOf = (page: Page<StockRow>, gtin: string) => page.results.find((r) => r.gtin === gtin);
  const areaOf = (locationId: number, description: string) => areaIdByDescription(demo.t.database.db, locationId, description);

  beforeAll(async () => {
    foreign = await addForeignCompany(demo.t.database.db);
    cdMad = demo.locationId('CD-MAD');
    cdBcn = demo.locationId('CD-BCN');
    dock = await areaOf(cdMad, 'Muelle de recepción');
    shipping = await areaOf(cdMad, 'Expedición');
    bcnArea = demo.ids.areaOf['CD-BCN'] as number;
    storeArea = demo.ids.areaOf['T-MAD-01'] as number;
    [gA, gB, gC] = [demo.ids.gtins[5], demo.ids.gtins[6], demo.ids.gtins[7]] as [typeof gA, typeof gA, typeof gA];

    // A purchase order on a pallet, two boxes read by the tunnel: 3 A + 2 B, then 1 A.
    const order = await call(demo.admin, 'POST', '/porders/', {
      order_code: 'STOCK-PO-1',
      destination_id: cdMad,
      origin_id: demo.ids.providerId,
      destination_status: 0,
      estimated_arrival_date: '2026-03-01 10:00:00',
      container: 'PAL-77',
    });
    expect(order.statusCode, order.body).toBe(201);
    orderId = order.json().id;
    const reception = await call(demo.admin, 'POST', '/receptions/', { reception_code: 'R-STOCK-1', order_id: orderId });
    const box = (codebar: string, contents: { gtin: string; quantity: number }[]) =>
      call(demo.admin, 'POST', '/boxes/', { codebar, reception_id: reception.json().id, contents });
    const one = await box('ST-BOX-1', [
      { gtin: gA.gtin, quantity: 3 },
      { gtin: gB.gtin, quantity: 2 },
    ]);
    boxOne = one.json().id;
    await box('ST-BOX-2', [{ gtin: gA.gtin, quantity: 1 }]);
    epcsA.push(...newEpcs(gA.gtin, 3));
    const first = await postSet(demo.t, {
      ...tunnel,
      codebar: 'ST-BOX-1',
      epcs: [...epcsA, ...newEpcs(gB.gtin, 2)],
      at: '2026-03-01T10:00:00Z',
    });
    expect(first.json().claimed_by).toBe('verification');
    const second = await postSet(demo.t, {
      ...tunnel,
      codebar: 'ST-BOX-2',
      epcs: newEpcs(gA.gtin, 1),
      at: '2026-03-01T11:00:00Z',
    });
    expect(second.json().claimed_by).toBe('verification');
  });

  describe('stock by area: GET /areas/{id}/summary/', () => {
    it('counts the items STOCKED per GTIN, most first, leaving out GTINs with none', async () => {
      const page = await ok<Page<StockRow>>(demo.editor, `/areas/${dock}/summary/`);
      expect(page.results.map((r) => [r.gtin, r.count, r.rfid_count, r.counted_count])).toEqual([
        [gA.gtin, 4, 4, 0],
        [gB.gtin, 2, 2, 0],
      ]);
      expect(page.count).toBe(2);
      expect(page.results[0]).toMatchObject({
        itemtype: { id: gA.id, gtin: gA.gtin },
        quantity: 4,
        minimum_stock: null,
        is_alarm: false,
      });
    });

    it('omit=false lists the whole catalog, 11 per page, zero where there is no stock', async () => {
      const page = await ok<Page<StockRow>>(demo.admin, `/areas/${dock}/summary/?omit=false`);
      expect(page.count).toBe((await ok<Page<unknown>>(demo.admin, '/types/?limit=1')).count);
      expect(page.results).toHaveLength(11);
      expect(page.next).toContain('offset=11');
      expect(page.results.slice(0, 2).map((r) => r.count)).toEqual([4, 2]);
      expect(page.results[2]?.count).toBe(0);
      const byGtin = await ok<Page<StockRow>>(demo.admin, `/areas/${dock}/summary/?omit=False&order_by=gtin&limit=2`);
      expect(byGtin.results.map((r) => r.gtin)).toEqual([demo.ids.gtins[0]?.gtin, demo.ids.gtins[1]?.gtin]);
    });

    it('filters by gtin (contained digits) and by itemtype; orders by count ascending', async () => {
      expect(
        (await ok<Page<StockRow>>(demo.admin, `/areas/${dock}/summary/?gtin=${gB.gtin}`)).results.map((r) => r.gtin),
      ).toEqual([gB.gtin]);
      expect(
        (await ok<Page<StockRow>>(demo.admin, `/areas/${dock}/summary/?itemtype=${gA.id}`)).results.map((r) => r.gtin),
      ).toEqual([gA.gtin]);
      expect(
        (await ok<Page<StockRow>>(demo.admin, `/areas/${dock}/summary/?order_by=count`)).results.map((r) => r.count),
      ).toEqual([2, 4]);
      expect((await ok<Page<StockRow>>(demo.admin, `/areas/${dock}/summary/?gtin=99999999`)).count).toBe(0);
    });

    it('refuses a bad query (400), a foreign or unknown area (404) and no token (401)', async () => {
      expect((await call(demo.admin, 'GET', `/areas/${dock}/summary/?itemtype=abc`)).statusCode).toBe(400);
      expect((await call(demo.admin, 'GET', `/areas/${dock}/summary/?limit=0`)).statusCode).toBe(400);
      expect((await call(demo.viewer, 'GET', `/areas/${dock}/summary/`)).statusCode).toBe(404);
      expect((await call(demo.editor, 'GET', `/areas/${bcnArea}/summary/`)).statusCode).toBe(404);
      expect((await call(demo.admin, 'GET', `/areas/${foreign.areaId}/summary/`)).statusCode).toBe(404);
      expect((await call(demo.admin, 'GET', '/areas/999999/summary/')).statusCode).toBe(404);
      expect((await demo.t.app.inject({ url: `/api/areas/${dock}/summary/` })).statusCode).toBe(401);
    });
  });

  describe('counted stock: POST /areas/{id}/upload_inventory_file/', () => {
    it('adds counted stock to the RFID stock; a later file replaces the GTINs it names', async () => {
      const r = await upload(demo.editor, dock, 'dock.csv', `gtin;quantity\n${gA.gtin};10\n${gC.gtin};5\n`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toEqual({ area: dock, rows: 2, gtins: 2, quantity: 15 });
      let page = await ok<Page<StockRow>>(demo.admin, `/areas/${dock}/summary/`);
      expect(page.results.map((row) => [row.gtin, row.count, row.rfid_count, row.counted_count])).toEqual([
        [gA.gtin, 14, 4, 10],
        [gC.gtin, 5, 0, 5],
        [gB.gtin, 2, 2, 0],
      ]);
      const again = await upload(demo.admin, dock, 'DOCK.CSV', `ean,cantidad\n${gA.gtin.slice(1)},7\n`);
      expect(again.statusCode, again.body).toBe(200);
      page = await ok<Page<StockRow>>(demo.admin, `/areas/${dock}/summary/`);
      expect(rowOf(page, gA.gtin)).toMatchObject({ count: 11, counted_count: 7 });
      expect(rowOf(page, gC.gtin)).toMatchObject({ count: 5 });
    });

    it('refuses a file with a bad row whole, naming the row, and writes nothing', async () => {
      const before = await demo.t.database.db.select().from(countedStocks).where(eq(countedStocks.areaId, dock));
      const bad = await upload(demo.editor, dock, 'bad.csv', `gtin,quantity\n${gA.gtin},100\n${gB.gtin},100\n${gC.gtin},x\n`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        message: "Row 4: the quantity 'x' is not a whole number of 0 or more.",
        code: 'stock.file_row',
        params: { row: 4, message: "the quantity 'x' is not a whole number of 0 or more." },
        errors: { file: ["Row 4: the quantity 'x' is not a whole number of 0 or more."] },
        codes: { file: ['stock.file_row'] },
      });
      // A GTIN with a right check digit that the catalog does not have.
      const unknown = await upload(demo.editor, dock, 'bad.csv', `gtin,quantity\n${gA.gtin},100\n00000000000017,1\n`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe('Row 3: GTIN 00000000000017 is not in the catalog.');
      const after = await demo.t.database.db.select().from(countedStocks).where(eq(countedStocks.areaId, dock));
      expect(after).toEqual(before);
    });

    it('requires a .csv file', async () => {
      const none = await demo.t.app.inject({
        method: 'POST',
        url: `/api/areas/${dock}/upload_inventory_file/`,
        headers: { authorization: demo.editor },
        payload: { file: 'x' },
      });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ message: 'Please select file', errors: { file: ['Please select file'] } });
      expect((await upload(demo.editor, dock, 'stock.txt', `gtin,quantity\n${gA.gtin},1\n`)).json().message).toBe(
        'Only .csv files.',
      );
      expect((await upload(demo.editor, dock, 'empty.csv', '')).json().message).toBe('Please select file');
      expect((await upload(demo.editor, dock, 'header.csv', 'gtin,quantity\n')).json().message).toBe(
        'Row 2: The file has no rows.',
      );
    });

    it('is refused to roles 4 and 5 (403) and for areas the user does not see (404)', async () => {
      const csv = `gtin,quantity\n${gA.gtin},1\n`;
      expect((await upload(demo.printer, dock, 'x.csv', csv)).statusCode).toBe(403);
      expect((await upload(demo.viewer, storeArea, 'x.csv', csv)).statusCode).toBe(403);
      expect((await upload(demo.editor, bcnArea, 'x.csv', csv)).statusCode).toBe(404);
      expect((await upload(demo.admin, foreign.areaId, 'x.csv', csv)).statusCode).toBe(404);
    });
  });

  describe('stock of a location: GET /global-stock/', () => {
    it('adds up the areas of the location, or one area (area1)', async () => {
      // Counted stock in another area of CD-MAD adds to the location's figure.
      expect((await upload(demo.admin, shipping, 's.csv', `gtin,quantity\n${gA.gtin},1\n`)).statusCode).toBe(200);
      const location = await ok<Page<StockRow>>(demo.admin, `/global-stock/?location=${cdMad}&gtin=${gA.gtin}`);
      expect(location.results).toEqual([
        expect.objectContaining({ gtin: gA.gtin, count: 12, rfid_count: 4, counted_count: 8, minimum_stock: null }),
      ]);
      const area = await ok<Page<StockRow>>(demo.admin, `/global-stock/?location=${cdMad}&area1=${shipping}`);
      expect(area.results.map((r) => [r.gtin, r.count])).toEqual([[gA.gtin, 1]]);
      const everywhere = await ok<Page<StockRow>>(demo.admin, `/global-stock/?gtin=${gA.gtin}`);
      expect(everywhere.results[0]?.count).toBe(12);
    });

    it("a user's own locations only: others are 404 and left out of the total", async () => {
      expect((await call(demo.viewer, 'GET', `/global-stock/?location=${cdMad}`)).statusCode).toBe(404);
      expect((await call(demo.viewer, 'GET', `/global-stock/?area1=${dock}`)).statusCode).toBe(404);
      expect((await call(demo.admin, 'GET', `/global-stock/?location=${cdBcn}&area1=${dock}`)).statusCode).toBe(404);
      expect((await call(demo.admin, 'GET', `/global-stock/?location=${foreign.locationId}`)).statusCode).toBe(404);
      // The viewer's total is the store's alone (T-MAD-01), not CD-MAD's.
      const store = demo.locationId('T-MAD-01');
      const storeOnly = await ok<Page<StockRow>>(demo.admin, `/global-stock/?location=${store}&omit=false&gtin=${gA.gtin}`);
      expect((await ok<Page<StockRow>>(demo.viewer, `/global-stock/?omit=false&gtin=${gA.gtin}`)).results[0]?.count).toBe(
        storeOnly.results[0]?.count,
      );
      expect((await call(demo.admin, 'GET', '/global-stock/?location=x')).statusCode).toBe(400);
    });
  });

  describe('stock by tag: GET /global-item-stock/', () => {
    type Tag = { epc: string; gtin: string; lot: string; quantity: number; area: { id: number; description: string } };
    it('lists the tags in stock with quantity 1 and their lot, filtered by GTIN and EPC', async () => {
      const page = await ok<Page<Tag>>(demo.admin, `/global-item-stock/?location=${cdMad}&area2__isnull=True&gtin=${gA.gtin}`);
      expect(page.count).toBe(4);
      expect(page.results.every((r) => r.quantity === 1 && r.gtin === gA.gtin && r.area.id === dock)).toBe(true);
      expect(page.results.every((r) => /^\d+$/.test(r.lot))).toBe(true);
      const one = await ok<Page<Tag>>(
        demo.admin,
        `/global-item-stock/?area1=${dock}&epc__icontains=${epcsA[0]?.slice(-8).toLowerCase()}`,
      );
      expect(one.results.map((r) => r.epc)).toEqual([epcsA[0]]);
      const paged = await ok<Page<Tag>>(demo.admin, `/global-item-stock/?area1=${dock}&limit=5`);
      expect([paged.count, paged.results.length]).toEqual([6, 5]);
    });

    it('refuses foreign locations (404) and a bad query (400)', async () => {
      expect((await call(demo.viewer, 'GET', `/global-item-stock/?location=${cdMad}`)).statusCode).toBe(404);
      expect((await call(demo.editor, 'GET', `/global-item-stock/?area1=${bcnArea}`)).statusCode).toBe(404);
      const store = demo.locationId('T-MAD-01');
      const mine = await ok<Page<Tag & { location: number }>>(demo.viewer, '/global-item-stock/?limit=1000');
      expect(mine.results.every((r) => r.location === store)).toBe(true);
      expect(mine.count).toBe((await ok<Page<Tag>>(demo.admin, `/global-item-stock/?location=${store}`)).count);
      expect((await call(demo.admin, 'GET', '/global-item-stock/?area1=-1')).statusCode).toBe(400);
    });
  });

  describe('box stock: /areas/{id}/boxstock/, /boxstock/, /contentbox/{codebar}/, /boxareaseens/{id}/', () => {
    type Box = {
      id: number | null;
      codebar: string;
      quantity: number;
      area: { id: number };
      order: number | null;
      pallet: string;
    };
    type Seen = { barcode: string; cycles: number; detections: number; pallet: string; box: number | null; date: string };

    it('a box is in stock where it was read last', async () => {
      let inDock = await ok<Page<Box>>(demo.admin, `/areas/${dock}/boxstock/`);
      expect(inDock.results.map((b) => [b.codebar, b.quantity])).toEqual([
        ['ST-BOX-2', 1],
        ['ST-BOX-1', 5],
      ]);
      expect(inDock.results[1]).toMatchObject({ id: boxOne, order: orderId, pallet: 'PAL-77' });
      // A box no order knows, read at the tunnel and then at the shipping portal (free sets both).
      const loose = newEpcs(gC.gtin, 2);
      expect(
        (await postSet(demo.t, { ...tunnel, codebar: 'ST-LOOSE-1', epcs: loose, at: '2026-03-01T12:00:00Z' })).json().claimed_by,
      ).toBe(null);
      inDock = await ok<Page<Box>>(demo.admin, `/areas/${dock}/boxstock/`);
      expect(inDock.results.map((b) => b.codebar)).toEqual(['ST-LOOSE-1', 'ST-BOX-2', 'ST-BOX-1']);
      const moved = await postSet(demo.t, { ...exitPortal, codebar: 'ST-LOOSE-1', epcs: loose, at: '2026-03-02T09:00:00Z' });
      expect(moved.json().claimed_by).toBe(null);
      inDock = await ok<Page<Box>>(demo.admin, `/areas/${dock}/boxstock/`);
      expect(inDock.results.map((b) => b.codebar)).toEqual(['ST-BOX-2', 'ST-BOX-1']);
      const inShipping = await ok<Page<Box>>(demo.admin, `/areas/${shipping}/boxstock/`);
      expect(inShipping.results).toEqual([
        expect.objectContaining({
          codebar: 'ST-LOOSE-1',
          quantity: 2,
          area: expect.objectContaining({ id: shipping }),
          id: null,
          order: null,
          pallet: '',
        }),
      ]);
      const location = await ok<Page<Box>>(demo.admin, `/boxstock/?location=${cdMad}`);
      expect(location.results.map((b) => b.codebar)).toEqual(['ST-LOOSE-1', 'ST-BOX-2', 'ST-BOX-1']);
      expect(
        (await ok<Page<Box>>(demo.admin, `/boxstock/?location=${cdMad}&codebar__icontains=box-2`)).results.map((b) => b.codebar),
      ).toEqual(['ST-BOX-2']);
      expect((await ok<Page<Box>>(demo.admin, `/boxstock/?area=${shipping}`)).count).toBe(1);
      const store = demo.locationId('T-MAD-01');
      expect((await ok<Page<Box>>(demo.viewer, '/boxstock/')).count).toBe(
        (await ok<Page<Box>>(demo.admin, `/boxstock/?location=${store}`)).count,
      );
    });

    it("a box's contents are the GTINs of its last reading set", async () => {
      const box = await ok<{
        codebar: string;
        quantity: number;
        area: { id: number };
        results: { gtin: string; quantity: number }[];
      }>(demo.admin, '/contentbox/ST-BOX-1/');
      expect(box).toMatchObject({ codebar: 'ST-BOX-1', id: boxOne, quantity: 5, area: { id: dock } });
      expect(box.results.map((r) => [r.gtin, r.quantity])).toEqual([
        [gA.gtin, 3],
        [gB.gtin, 2],
      ]);
      const loose = await ok<{ id: number | null; area: { id: number }; results: { gtin: string; quantity: number }[] }>(
        demo.admin,
        '/contentbox/ST-LOOSE-1/',
      );
      expect(loose).toMatchObject({ id: null, area: { id: shipping } });
      expect(loose.results.map((r) => [r.gtin, r.quantity])).toEqual([[gC.gtin, 2]]);
    });

    it('box tracking counts cycles (sets) and detections (reads) per barcode and area, also as CSV', async () => {
      const again = await postSet(demo.t, {
        ...exitPortal,
        codebar: 'ST-LOOSE-1',
        epcs: newEpcs(gC.gtin, 3),
        at: '2026-03-02T10:00:00Z',
      });
      expect(again.statusCode).toBe(201);
      const seen = await ok<Page<Seen>>(demo.admin, `/boxareaseens/${shipping}/`);
      expect(seen.results).toEqual([
        expect.objectContaining({
          barcode: 'ST-LOOSE-1',
          cycles: 2,
          detections: 5,
          pallet: '',
          box: null,
          date: '2026-03-02T10:00:00.000Z',
        }),
      ]);
      const dockSeen = await ok<Page<Seen>>(demo.admin, `/boxareaseens/${dock}/?order_by=barcode`);
      expect(dockSeen.results.map((r) => [r.barcode, r.cycles, r.detections, r.pallet])).toEqual([
        ['ST-BOX-1', 1, 5, 'PAL-77'],
        ['ST-BOX-2', 1, 1, 'PAL-77'],
        ['ST-LOOSE-1', 1, 2, ''],
      ]);
      expect((await ok<Page<Seen>>(demo.admin, `/boxareaseens/${dock}/?codebar__icontains=loose`)).count).toBe(1);
      const csv = await call(demo.admin, 'GET', `/boxareaseens/${dock}/csv/`);
      const lines = csvLinesOf(csv);
      expect(lines[0]).toBe('Zona;Ubicación;Código de barras;Palé;Ciclos;Detecciones;Última lectura');
      expect(lines.slice(1).map((l) => (parse(l, { delimiter: ';' }) as string[][])[0]?.slice(0, 6))).toEqual([
        ['Muelle de recepción', 'Centro de distribución Madrid', 'ST-BOX-1', 'PAL-77', '1', '5'],
        ['Muelle de recepción', 'Centro de distribución Madrid', 'ST-BOX-2', 'PAL-77', '1', '1'],
        ['Muelle de recepción', 'Centro de distribución Madrid', 'ST-LOOSE-1', '', '1', '2'],
      ]);
    });

    it('refuses foreign areas and boxes (404) and bad ids (400)', async () => {
      expect((await call(demo.viewer, 'GET', `/areas/${dock}/boxstock/`)).statusCode).toBe(404);
      expect((await call(demo.viewer, 'GET', `/boxstock/?location=${cdMad}`)).statusCode).toBe(404);
      expect((await call(demo.viewer, 'GET', '/contentbox/ST-BOX-1/')).statusCode).toBe(404);
      expect((await call(demo.admin, 'GET', '/contentbox/NEVER-READ/')).statusCode).toBe(404);
      expect((await call(demo.viewer, 'GET', `/boxareaseens/${dock}/`)).statusCode).toBe(404);
      expect((await call(demo.viewer, 'GET', `/boxareaseens/${dock}/csv/`)).statusCode).toBe(404);
      expect((await call(demo.admin, 'GET', `/boxareaseens/${foreign.areaId}/`)).statusCode).toBe(404);
      expect((await call(demo.admin, 'GET', '/boxareaseens/abc/')).statusCode).toBe(400);
    });
  });

  describe('minimum stock and alarms', () => {
    type Minimum = { id: number; area: number; item_type: number; minimum_stock: number; current_stock: number };
    type Alarm = {
      id: number;
      gtin: string;
      minimum_stock: number;
      current_stock: number;
      area: { id: number; description: string };
      location: { id: number };
    };
    let minimumId = 0;

    it('a minimum stock at or below the stock raises no alarm; above it, an alarm', async () => {
      expect(await ok(demo.admin, `/types/${gA.id}/minstock/`)).toEqual([]);
      const baseline = (await ok<{ count: number }>(demo.admin, '/alarms/count/')).count;
      const created = await call(demo.editor, 'POST', '/minstock/', { area: dock, item_type: gA.id, minimum_stock: 11 });
      expect(created.statusCode, created.body).toBe(201);
      minimumId = created.json().id;
      expect(created.json()).toMatchObject({ area: dock, item_type: gA.id, minimum_stock: 11, current_stock: 11, gtin: gA.gtin });
      expect((await ok<{ count: number }>(demo.admin, '/alarms/count/')).count).toBe(baseline);
      const raised = await call(demo.editor, 'POST', '/minstock/', { area: dock, item_type: gA.id, minimum_stock: '20' });
      expect(raised.statusCode).toBe(200);
      expect(raised.json()).toMatchObject({ id: minimumId, minimum_stock: 20 });
      expect((await ok<{ count: number }>(demo.admin, '/alarms/count/')).count).toBe(baseline + 1);
      expect((await ok<{ count: number }>(demo.editor, `/alarms/count/?location=${cdMad}`)).count).toBe(1);
      const alarms = await ok<Page<Alarm>>(demo.editor, `/alarms/?location=${cdMad}`);
      expect(alarms.results).toEqual([
        expect.objectContaining({
          id: minimumId,
          gtin: gA.gtin,
          minimum_stock: 20,
          current_stock: 11,
          area: expect.objectContaining({ id: dock, description: 'Muelle de recepción' }),
          location: expect.objectContaining({ id: cdMad }),
        }),
      ]);
      const summary = await ok<Page<StockRow>>(demo.admin, `/areas/${dock}/summary/?gtin=${gA.gtin}`);
      expect(summary.results[0]).toMatchObject({ minimum_stock: 20, is_alarm: true });
      expect(await ok<Minimum[]>(demo.admin, `/types/${gA.id}/minstock/?location=${cdMad}`)).toEqual([
        expect.objectContaining({ id: minimumId, area: dock, minimum_stock: 20, current_stock: 11 }),
      ]);
      // The viewer sees only T-MAD-01: not this alarm.
      const store = demo.locationId('T-MAD-01');
      const storeAlarms = (await ok<{ count: number }>(demo.admin, `/alarms/count/?location=${store}`)).count;
      expect((await ok<{ count: number }>(demo.viewer, '/alarms/count/')).count).toBe(storeAlarms);
      expect((await ok<Page<Alarm>>(demo.viewer, '/alarms/')).results.some((a) => a.id === minimumId)).toBe(false);
    });

    it('stock that rises to the minimum ends the alarm', async () => {
      expect((await upload(demo.editor, dock, 'up.csv', `gtin,quantity\n${gA.gtin},16\n`)).statusCode).toBe(200);
      expect((await ok<{ count: number }>(demo.editor, `/alarms/count/?area=${dock}`)).count).toBe(0);
      expect((await upload(demo.editor, dock, 'down.csv', `gtin,quantity\n${gA.gtin},7\n`)).statusCode).toBe(200);
      expect((await ok<{ count: number }>(demo.editor, `/alarms/count/?area=${dock}&gtin=${gA.gtin}`)).count).toBe(1);
    });

    it('PUT /minstock/{id}/ changes the value and the area; 409 when that area already has one', async () => {
      const lowered = await call(demo.editor, 'PUT', `/minstock/${minimumId}/`, { area: dock, minimum_stock: 3 });
      expect(lowered.statusCode, lowered.body).toBe(200);
      expect(lowered.json()).toMatchObject({ id: minimumId, minimum_stock: 3, current_stock: 11 });
      expect((await ok<{ count: number }>(demo.editor, `/alarms/count/?location=${cdMad}`)).count).toBe(0);
      const moved = await call(demo.editor, 'PUT', `/minstock/${minimumId}/`, {
        area: shipping,
        minimum_stock: 5,
        item_type: gA.id,
      });
      expect(moved.json()).toMatchObject({ area: shipping, current_stock: 1 });
      const other = await call(demo.editor, 'POST', '/minstock/', { area: dock, item_type: gA.id, minimum_stock: 1 });
      expect(other.statusCode).toBe(201);
      const clash = await call(demo.editor, 'PUT', `/minstock/${minimumId}/`, { area: dock, minimum_stock: 5 });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toBe('This GTIN already has a minimum stock in that area.');
      const otherGtin = await call(demo.editor, 'PUT', `/minstock/${minimumId}/`, {
        area: shipping,
        minimum_stock: 5,
        item_type: gB.id,
      });
      expect(otherGtin.statusCode).toBe(400);
    });

    it("answers the form's messages: 'Field is required' and 'Enter Number only'", async () => {
      const empty = await call(demo.editor, 'POST', '/minstock/', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({
        area: ['Field is required'],
        item_type: ['Field is required'],
        minimum_stock: ['Field is required'],
      });
      for (const bad of ['abc', '-1', '2.5', -1, 1.5]) {
        const r = await call(demo.editor, 'POST', '/minstock/', { area: dock, item_type: gA.id, minimum_stock: bad });
        expect(r.statusCode).toBe(400);
        expect(r.json().errors).toEqual({ minimum_stock: ['Enter Number only'] });
      }
      const blank = await call(demo.editor, 'PUT', `/minstock/${minimumId}/`, { area: '', minimum_stock: '' });
      expect(blank.json().errors).toEqual({ area: ['Field is required'], minimum_stock: ['Field is required'] });
    });

    it('refuses roles 4 and 5 (403), foreign areas, GTINs and records (404)', async () => {
      const body = { area: dock, item_type: gA.id, minimum_stock: 2 };
      expect((await call(demo.printer, 'POST', '/minstock/', body)).statusCode).toBe(403);
      expect((await call(demo.viewer, 'POST', '/minstock/', { ...body, area: storeArea })).statusCode).toBe(403);
      expect((await call(demo.viewer, 'PUT', `/minstock/${minimumId}/`, body)).statusCode).toBe(403);
      expect((await call(demo.editor, 'POST', '/minstock/', { ...body, area: bcnArea })).statusCode).toBe(404);
      expect((await call(demo.admin, 'POST', '/minstock/', { ...body, area: foreign.areaId })).statusCode).toBe(404);
      expect((await call(demo.admin, 'POST', '/minstock/', { ...body, item_type: 999999 })).statusCode).toBe(404);
      const bcn = await call(demo.admin, 'POST', '/minstock/', { area: bcnArea, item_type: gA.id, minimum_stock: 4 });
      expect(bcn.statusCode).toBe(201);
      expect((await call(demo.editor, 'PUT', `/minstock/${bcn.json().id}/`, body)).statusCode).toBe(404);
      expect((await call(demo.editor, 'PUT', `/minstock/${minimumId}/`, { ...body, area: bcnArea })).statusCode).toBe(404);
      expect((await call(demo.viewer, 'GET', `/types/${gA.id}/minstock/?location=${cdMad}`)).statusCode).toBe(404);
      expect(await ok(demo.viewer, `/types/${gA.id}/minstock/`)).toEqual([]);
      expect((await call(demo.admin, 'GET', '/types/999999/minstock/')).statusCode).toBe(404);
      expect((await call(demo.viewer, 'GET', `/alarms/?location=${cdMad}`)).statusCode).toBe(404);
      expect((await call(demo.viewer, 'GET', `/alarms/count/?area=${dock}`)).statusCode).toBe(404);
      expect((await call(demo.admin, 'GET', '/alarms/?location=abc')).statusCode).toBe(400);
    });

    it('alarms are paged 11 at a time', async () => {
      // Twelve GTINs (of the first ten) with a minimum of 1 where they have no stock: ten at T-MAD-01, two at CD-BCN.
      const before = (await ok<{ count: number }>(demo.viewer, '/alarms/count/')).count;
      for (const g of demo.ids.gtins.slice(0, 10)) {
        expect(
          (await call(demo.admin, 'POST', '/minstock/', { area: storeArea, item_type: g.id, minimum_stock: 1 })).statusCode,
        ).toBe(201);
      }
      for (const g of demo.ids.gtins.slice(0, 2)) {
        expect(
          (await call(demo.admin, 'POST', '/minstock/', { area: bcnArea, item_type: g.id, minimum_stock: 1 })).statusCode,
        ).toBe(201);
      }
      const all = await ok<Page<Alarm>>(demo.admin, '/alarms/?order_by=gtin');
      expect(all.count).toBeGreaterThanOrEqual(12);
      expect(all.results).toHaveLength(11);
      const viewerAlarms = await ok<Page<Alarm>>(demo.viewer, '/alarms/');
      expect(viewerAlarms.count).toBe(before + 10);
      const ours = await ok<Page<Alarm>>(demo.viewer, `/alarms/?area=${storeArea}&limit=100`);
      expect(
        ours.results.filter((a) => demo.ids.gtins.slice(0, 10).some((g) => g.gtin === a.gtin)).map((a) => a.current_stock),
      ).toEqual(Array(10).fill(0));
    });
  });
});
