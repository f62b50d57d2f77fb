import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { printingCaller, printJobStart } from '../../test/printing-fixtures.js';

/** What a print job test starts from: the demo app and its caller, CD-MAD's first area, the hang-tag format, GTINs. */
export type PrintJobWorld = {
  t: TestApp;
  call: ReturnType<typeof printingCaller>;
  areaId: number;
  formatId: number;
  gtins: string[];
};

/** Builds the demo app and reads its print job start (`count` demo GTINs from `offset`, by GTIN). */
export const openPrintJobWorld = async (gtins: { offset: number; count: number }): Promise<PrintJobWorld> => {
  const t = await buildTestApp();
  const call = printingCaller(t);
  return { t, call, ...(await printJobStart(t, call, gtins)) };
};
