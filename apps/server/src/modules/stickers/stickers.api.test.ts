import { JobState } from '@rfid/contract';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { runnerPool } from '../../test/job-fixtures.js';
import { printingCaller, waitFor } from '../../test/printing-fixtures.js';
import type { JobRunner } from '../../workers/job-runner.js';
import { createPurchaseOrder, type InboundIds, loadInboundIds } from '../orders/inbound-fixtures.js';
import { STICKER_PAGE } from './sticker-pdf.js';
import { createStickerJobs, STICKER_PDF_JOB, stickerPdfJob } from './stickers.service.js';

type Sticker = { id: number; status: number; order: { id: number; order_code: string }; box_count: number; pdf: number | null };
type StickerPdf = { id: number; sticker: number; file_name: string; pages: number; url: string };

/** Box stickers: POST and GET /stickers/, GET /stickers_pdfs/ and /stickers_pdfs/{id}/. */
describe('box stickers: one PDF page per box of an order', () => {
  let t: TestApp;
  let call: ReturnType<typeof printingCaller>;
  let ids: InboundIds;
  let mad: { orderId: number; boxIds: number[] };
  let bcn: { orderId: number; boxIds: number[] };
  let pool: ReturnType<typeof runnerPool>;
  let stickerProcess: (owner: string) => JobRunner;

  const newOrder = async (code: string, location: string, boxes: number) =>
    createPurchaseOrder(t, await t.login('admin@demo.local'), {
      locationId: ids.locations[location] as number,
      providerId: ids.providerId,
      code,
      boxes: Array.from({ length: boxes }, (_, i) => ({
        codebar: `${code}-${String.fromCharCode(67 - i)}`, // C, B, A: made in reverse, printed by barcode
        contents: [
          { gtin: ids.gtins[0]?.gtin as string, quantity: i + 1 },
          { gtin: ids.gtins[1]?.gtin as string, quantity: 2 },
        ],
      })),
    });
  const create = (body: unknown, who = 'printer@demo.local') => call('POST', '/api/stickers/', who, body);
  const completed = (id: number, who = 'printer@demo.local') =>
    waitFor(
      async () =>
        (await call('GET', '/api/stickers/?limit=100', who)).json().results.find((s: Sticker) => s.id === id) as Sticker,
      (s) => s?.status === 1,
    );
  const pdfOf = async (stickerId: number, who = 'printer@demo.local') => {
    const list = (await call('GET', `/api/stickers_pdfs/?sticker=${stickerId}`, who)).json();
    expect(list.count).toBe(1);
    const meta = list.results[0] as StickerPdf;
    const file = await call('GET', meta.url, who);
    return { meta, file };
  };

  beforeAll(async () => {
    t = await buildTestApp();
    pool = runnerPool(t.database.db);
    // A "process" runs the sticker jobs as plugins/workers.ts registers them.
    stickerProcess = (owner) => {
      const runner = pool.make(owner);
      runner.add(stickerPdfJob(t.database.db));
      return runner;
    };
    call = printingCaller(t);
    ids = await loadInboundIds(t.database.db);
    mad = await newOrder('PO-STK-MAD', 'CD-MAD', 3);
    bcn = await newOrder('PO-STK-BCN', 'CD-BCN', 1);
  });
  afterAll(async () => {
    await pool.stopAll();
    await t.close();
  });

  it('makes one 100 × 150 mm page per box of the order, in barcode order, and the PDF downloads', async () => {
    const r = await create({ order_id: mad.orderId });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ order: { id: mad.orderId, order_code: 'PO-STK-MAD' }, box_count: 3 });
    expect([0, 1]).toContain(r.json().status);
    const done = await completed(r.json().id);
    expect(done.pdf).not.toBeNull();
    const { meta, file } = await pdfOf(done.id);
    expect(meta).toMatchObject({ id: done.pdf, pages: 3, file_name: `Stickers-PO-STK-MAD-${done.id}.pdf` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${meta.file_name}"`);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(file.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getPage(0).getSize().width).toBeCloseTo(STICKER_PAGE.width);
    expect(pdf.getPage(0).getSize().height).toBeCloseTo(STICKER_PAGE.height);
    expect(pdf.getSubject()).toBe('PO-STK-MAD-A PO-STK-MAD-B PO-STK-MAD-C');
  });

  it('chosen boxes only; a box of another order, no order and an order without boxes are refused', async () => {
    const some = await create({ order_id: mad.orderId, box_ids: [mad.boxIds[1]], language: 'en' });
    expect(some.statusCode).toBe(201);
    expect(some.json().box_count).toBe(1);
    const { meta } = await pdfOf((await completed(some.json().id)).id);
    expect(meta.pages).toBe(1);
    const before = (await call('GET', '/api/stickers/', 'admin@demo.local')).json().count;
    const foreignBox = await create({ order_id: mad.orderId, box_ids: [bcn.boxIds[0]] }, 'admin@demo.local');
    expect(foreignBox.statusCode).toBe(400);
    expect(foreignBox.json().errors).toEqual({ box_ids: ['A chosen box is not a box of this order.'] });
    const noOrder = await create({});
    expect(noOrder.statusCode).toBe(400);
    expect(noOrder.json().message).toContain('Please select an order');
    const empty = await newOrder('PO-STK-EMPTY', 'CD-MAD', 0);
    const none = await create({ order_id: empty.orderId });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('The order has no boxes to make stickers for.');
    expect((await create({ order_id: 999_999 })).statusCode).toBe(404);
    expect((await call('GET', '/api/stickers/', 'admin@demo.local')).json().count).toBe(before);
  });

  it('role 5 neither makes nor reads stickers (403)', async () => {
    expect((await create({ order_id: mad.orderId }, 'viewer@demo.local')).statusCode).toBe(403);
    expect((await call('GET', '/api/stickers/', 'viewer@demo.local')).statusCode).toBe(403);
    expect((await call('GET', '/api/stickers_pdfs/', 'viewer@demo.local')).statusCode).toBe(403);
  });

  it("another location's order, its stickers and its PDFs are not found", async () => {
    const hidden = await create({ order_id: bcn.orderId }, 'editor@demo.local'); // editor: not CD-BCN
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Order not found.');
    const theirs = await completed((await create({ order_id: bcn.orderId }, 'admin@demo.local')).json().id, 'admin@demo.local');
    const editorList = (await call('GET', '/api/stickers/?limit=100', 'editor@demo.local')).json().results as Sticker[];
    expect(editorList.map((s) => s.id)).not.toContain(theirs.id);
    expect((await call('GET', `/api/stickers_pdfs/?sticker=${theirs.id}`, 'editor@demo.local')).json().count).toBe(0);
    expect((await call('GET', `/api/stickers_pdfs/${theirs.pdf}/`, 'editor@demo.local')).statusCode).toBe(404);
    expect((await call('GET', `/api/stickers_pdfs/${theirs.pdf}/`, 'admin@demo.local')).statusCode).toBe(200);
  });

  it('a sticker left pending is made once when several processes start and recover it', async () => {
    const db = t.database.db;
    const inserted = await db.execute(sql`insert into stickers (company_id, order_id, box_count, status)
      values (${ids.companyId}, ${mad.orderId}, 3, 0) returning id`);
    const id = (inserted as unknown as { rows: { id: number }[] }).rows[0]?.id as number;
    // Two more "processes" start (besides the app's own runner): each queues the pending stickers and runs jobs.
    const processes = [stickerProcess('process-a'), stickerProcess('process-b')].map((jobs) => ({
      jobs,
      stickerJobs: createStickerJobs({ db, jobs }),
    }));
    await Promise.all(processes.map((p) => p.stickerJobs.recover()));
    for (const p of processes) p.jobs.start();
    expect((await completed(id)).pdf).not.toBeNull();
    expect((await pdfOf(id)).meta.pages).toBe(3);
    const queued = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${STICKER_PDF_JOB}:${id}`));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ state: JobState.Done, attempts: 1 });
    await pool.stopAll();
  });

  it('a completed sticker keeps its job’s key: recovering again makes no second PDF', async () => {
    const db = t.database.db;
    const sticker = (await create({ order_id: mad.orderId })).json() as Sticker;
    await completed(sticker.id);
    const again = pool.make('process-c');
    await createStickerJobs({ db, jobs: again }).recover();
    expect(
      await db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `${STICKER_PDF_JOB}:${sticker.id}`)),
    ).toHaveLength(1);
    expect((await call('GET', `/api/stickers_pdfs/?sticker=${sticker.id}`, 'printer@demo.local')).json().count).toBe(1);
    await pool.stopAll();
  });

  it('a sticker whose PDF cannot be made ends with an error instead of staying pending', async () => {
    const db = t.database.db;
    const empty = await newOrder('PO-STK-GONE', 'CD-MAD', 0);
    const inserted = await db.execute(sql`insert into stickers (company_id, order_id, box_count, status)
      values (${ids.companyId}, ${empty.orderId}, 1, 0) returning id`);
    const id = (inserted as unknown as { rows: { id: number }[] }).rows[0]?.id as number;
    const process = stickerProcess('process-d');
    await createStickerJobs({ db, jobs: process }).recover();
    process.start();
    const failed = await waitFor(
      async () =>
        (await call('GET', '/api/stickers/?limit=100', 'admin@demo.local'))
          .json()
          .results.find((s: Sticker & { error: string | null }) => s.id === id) as Sticker & { error: string | null },
      (s) => s?.error !== null,
    );
    expect(failed).toMatchObject({ status: 0, pdf: null, error: 'The stickers could not be made.' });
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `${STICKER_PDF_JOB}:${id}`));
    expect(job).toMatchObject({ state: JobState.Failed, attempts: 1, lastError: 'The order or its boxes are gone.' });
    await pool.stopAll();
  });
});
