import { expect } from 'vitest';
import { type PrinterSimulator, startPrinterSimulator } from '../../tools/printer-simulator/src/printer-simulator';
import { type Api, demoWorld } from './journey-api';

/** A printer (the printer simulator on 127.0.0.1:`port`) added as the administrator does it, in the first area of `at`. */
export const addSimulatorPrinter = async (
  api: Api,
  { at, port, description, mac }: { at: { id: number }; port: number; description: string; mac: string },
): Promise<{ id: number; description: string }> => {
  const areas = await api<{ results: { id: number }[] }>('GET', `/locations/${at.id}/areas/?limit=100`);
  const created = await api<{ id: number; description: string }>('POST', '/printer/printers/', {
    description,
    mac,
    location_area: areas.json.results[0]?.id,
    ip_address: '127.0.0.1',
    port,
  });
  expect(created.status).toBe(201);
  return created.json;
};

/** The id of the demo company's hang-tag format ("Etiqueta colgante …"). */
export const hangTagFormatId = async (api: Api): Promise<number> => {
  const formats = await api<{ results: { id: number; tag_format: { description: string } }[] }>(
    'GET',
    '/printer/tag_company_format/',
  );
  return formats.json.results.find((f) => f.tag_format.description.startsWith('Etiqueta colgante'))?.id ?? 0;
};

/** A printer simulator of the journey's own, added as a printer of `at`, and the hang-tag format to print with. */
const simulatedPrinterAt = async (
  api: Api,
  { at, printMs, description, mac }: { at: { id: number }; printMs: number; description: string; mac: string },
): Promise<{ simulator: PrinterSimulator; printer: { id: number; description: string }; formatId: number }> => {
  const simulator = await startPrinterSimulator({ printMs });
  const printer = await addSimulatorPrinter(api, { at, port: simulator.port, description, mac });
  return { simulator, printer, formatId: await hangTagFormatId(api) };
};

/** The demo world (demoWorld, `gtinCount` GTINs) with a printer simulator of the journey's own at its center. */
export const demoWorldWithPrinter = async (gtinCount: number, printer: { printMs: number; description: string; mac: string }) => {
  const world = await demoWorld(gtinCount);
  return { ...world, ...(await simulatedPrinterAt(world.api, { at: world.center, ...printer })) };
};
