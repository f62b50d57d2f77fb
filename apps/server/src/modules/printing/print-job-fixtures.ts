import { addForeignCompany, type ForeignCompany } from '../../test/admin-fixtures.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { printingCaller, printJobStart } from '../../test/printing-fixtures.js';

/** The demo app and its printing caller. */
type PrintingWorld = { t: TestApp; call: ReturnType<typeof printingCaller> };

const openPrintingWorld = async (): Promise<PrintingWorld> => {
  const t = await buildTestApp();
  return { t, call: printingCaller(t) };
};

/** What a print job test starts from: the demo app and its caller, CD-MAD's first area, the hang-tag format, GTINs. */
export type PrintJobWorld = PrintingWorld & {
  areaId: number;
  formatId: number;
  gtins: string[];
};

/** Builds the demo app and reads its print job start (`count` demo GTINs from `offset`, by GTIN). */
export const openPrintJobWorld = async (gtins: { offset: number; count: number }): Promise<PrintJobWorld> => {
  const world = await openPrintingWorld();
  return { ...world, ...(await printJobStart(world.t, world.call, gtins)) };
};

/** The demo app, its printing caller and another company (for the 404s of what is not the caller's). */
export type ForeignPrintingWorld = PrintingWorld & { foreign: ForeignCompany };

export const openForeignPrintingWorld = async (): Promise<ForeignPrintingWorld> => {
  const world = await openPrintingWorld();
  return { ...world, foreign: await addForeignCompany(world.t.database.db) };
};
