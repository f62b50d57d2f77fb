import { and, asc, eq } from 'drizzle-orm';
import { createPrintingRepository, type PrintingRepository } from '../../modules/printing/printing.repository.js';
import { DEFAULT_COMPANY_PREFIX_LENGTH, reserveEpcs } from '../../modules/printing/printing.service.js';
import { DEMO_HANG_TAG_ZPL, DEMO_STICKER_ZPL } from '../../modules/printing/zpl.js';
import type { Db } from '../client.js';
import {
  areas,
  companies,
  itemTypes,
  locations,
  printers,
  tagCompanyFormats,
  tagFormats,
  tagTypes,
  users,
} from '../schema/index.js';

/** The demo printer: the printer simulator on this machine (`npm run printer-sim -- --port 9100`). */
export const DEMO_PRINTER = {
  description: 'Impresora RFID almacén (simulador)',
  mac: '00:07:4D:00:00:91',
  ipAddress: '127.0.0.1',
  port: 9100,
  serialNumber: 'SIM-9100',
};

const HOUR = 3_600_000;

type CompanyFormat = typeof tagCompanyFormats.$inferSelect;
type DemoItem = { id: number; gtin: string };
type DemoPlan = {
  name: string;
  format: CompanyFormat;
  source: string;
  locations: number[];
  brandId: number | null;
  created: Date;
  rows: { item: DemoItem | undefined; quantity: number }[];
  /** Labels printed of the order (from the first). */
  printed: number;
};

/** Two tag types and two ZPL formats with their ^RFW EPC write, and the company's three pairs (the first two answered). */
const seedTagFormats = async (db: Db, companyId: number) => {
  const [hangType, stickerType] = await db
    .insert(tagTypes)
    .values([
      { companyId, reference: 'UHF colgante 96 bits (Impinj Monza R6)', epcBits: 96 },
      { companyId, reference: 'UHF adhesiva 96 bits (NXP UCODE 8)', epcBits: 96 },
    ])
    .returning();
  const [hangFormat, stickerFormat] = await db
    .insert(tagFormats)
    .values([
      { companyId, description: 'Etiqueta colgante 2×3 pulgadas', zplTemplate: DEMO_HANG_TAG_ZPL },
      { companyId, description: 'Adhesivo 2×1 pulgadas', zplTemplate: DEMO_STICKER_ZPL },
    ])
    .returning();
  if (!hangType || !stickerType || !hangFormat || !stickerFormat) return undefined;
  const [hang, sticker] = await db
    .insert(tagCompanyFormats)
    .values([
      { companyId, tagTypeId: hangType.id, tagFormatId: hangFormat.id, filterValue: 1 },
      { companyId, tagTypeId: stickerType.id, tagFormatId: stickerFormat.id, filterValue: 1 },
      { companyId, tagTypeId: hangType.id, tagFormatId: stickerFormat.id, filterValue: 1 },
    ])
    .returning();
  return hang && sticker ? { hang, sticker } : undefined;
};

/** The printer simulator as CD-MAD's printer (in its Almacén area), the company's admin and its first five GTINs. */
const seedDemoPrinter = async (db: Db, companyId: number) => {
  const [center] = await db
    .select({ id: locations.id, brandId: locations.brandId })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.code, 'CD-MAD')))
    .limit(1);
  if (!center) return undefined;
  const [area] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.locationId, center.id), eq(areas.description, 'Almacén')))
    .limit(1);
  if (!area) return undefined;
  const [printer] = await db
    .insert(printers)
    .values({ companyId, locationId: center.id, areaId: area.id, ...DEMO_PRINTER })
    .returning({ id: printers.id });
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 1)))
    .limit(1);
  const gtins = await db
    .select({ id: itemTypes.id, gtin: itemTypes.gtin })
    .from(itemTypes)
    .where(eq(itemTypes.companyId, companyId))
    .orderBy(asc(itemTypes.gtin))
    .limit(5);
  if (!printer || gtins.length < 5) return undefined;
  return { center, printer, adminId: admin?.id ?? null, gtins };
};

/** The three print orders: one printed yesterday, one printed in part and one pending. */
const demoPlans = (
  { hang, sticker }: { hang: CompanyFormat; sticker: CompanyFormat },
  center: { id: number; brandId: number | null },
  gtins: DemoItem[],
  now: number,
): DemoPlan[] => [
  {
    name: 'Reposición temporada CD-MAD',
    format: hang,
    source: 'manual',
    locations: [center.id],
    brandId: center.brandId,
    created: new Date(now - 30 * HOUR),
    rows: [
      { item: gtins[0], quantity: 6 },
      { item: gtins[1], quantity: 6 },
    ],
    printed: 12,
  },
  {
    name: 'etiquetas-tienda-gran-via',
    format: sticker,
    source: 'csv',
    locations: [],
    brandId: null,
    created: new Date(now - 6 * HOUR),
    rows: [{ item: gtins[2], quantity: 10 }],
    printed: 4,
  },
  {
    name: 'Pedido manual de muestra',
    format: hang,
    source: 'manual',
    locations: [],
    brandId: null,
    created: new Date(now - HOUR),
    rows: [
      { item: gtins[2], quantity: 4 },
      { item: gtins[3], quantity: 3 },
      { item: gtins[4], quantity: 5 },
    ],
    printed: 0,
  },
];

/** One planned order with its contents and labels (EPCs reserved), those numbered up to `printed` printed on the printer. */
const insertDemoOrder = async (
  repo: PrintingRepository,
  { companyId, plan, printerId, adminId }: { companyId: number; plan: DemoPlan; printerId: number; adminId: number | null },
) => {
  const total = plan.rows.reduce((sum, row) => sum + row.quantity, 0);
  const orderId = await repo.insertOrder({
    companyId,
    brandId: plan.brandId,
    name: plan.name,
    tagCompanyFormatId: plan.format.id,
    source: plan.source,
    creationDate: plan.created,
    createdBy: adminId,
    state: plan.printed === 0 ? 'PENDING' : plan.printed >= total ? 'PRINTED' : 'PARTIAL',
    progress: plan.printed,
    fromLabel: plan.printed + 1,
    printerId: plan.printed > 0 ? printerId : null,
  });
  await repo.insertOrderLocations(orderId, plan.locations);
  let label = 1;
  for (const row of plan.rows) {
    if (!row.item) continue;
    const contentId = await repo.insertContent({
      printOrderId: orderId,
      itemTypeId: row.item.id,
      gtin: row.item.gtin,
      quantity: row.quantity,
    });
    const epcs = await reserveEpcs(repo, {
      companyId,
      gtin: row.item.gtin,
      count: row.quantity,
      filter: plan.format.filterValue,
      companyPrefixLength: DEFAULT_COMPANY_PREFIX_LENGTH,
    });
    await repo.insertTags(
      epcs.map(({ serial, epc }) => {
        const number = label++;
        const isPrinted = number <= plan.printed;
        return {
          companyId,
          printOrderId: orderId,
          contentId,
          labelNumber: number,
          gtin: row.item?.gtin as string,
          serial,
          epc,
          printedAt: isPrinted ? new Date(plan.created.getTime() + HOUR + number * 7_000) : null,
          printerId: isPrinted ? printerId : null,
        };
      }),
    );
  }
  await repo.addToTotal(orderId, label - 1);
};

/**
 * Printing demo data: two tag types and two ZPL formats with their ^RFW EPC write, the company's three pairs, the
 * printer simulator as CD-MAD's printer, and three print orders with reserved EPCs: one printed yesterday, one printed
 * in part (so the impressions download and the print detail have data) and one pending.
 */
export const seedPrintingDemo = async (db: Db): Promise<void> => {
  const [company] = await db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id)).limit(1);
  if (!company) return;
  const companyId = company.id;
  const formats = await seedTagFormats(db, companyId);
  if (!formats) return;
  const setting = await seedDemoPrinter(db, companyId);
  if (!setting) return;
  const { center, printer, adminId, gtins } = setting;
  const plans = demoPlans(formats, center, gtins, Date.now());
  await db.transaction(async (tx) => {
    const repo = createPrintingRepository(tx);
    for (const plan of plans) await insertDemoOrder(repo, { companyId, plan, printerId: printer.id, adminId });
  });
};
