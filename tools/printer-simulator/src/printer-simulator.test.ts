import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  hostQueryErrorStatus,
  hostStatus,
  type PrinterSimulator,
  parseLabel,
  rfidTries,
  splitLabels,
  startPrinterSimulator,
} from './printer-simulator.js';

const label = (epc: string, text: string) => `^XA^RS8^RFW,H^FD${epc}^FS^FO10,10^A0N,30,30^FD${text}^FS^XZ`;
const EPC = '30395DFA8318D84000000001';

const open = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
/** Polls `isDone` (vitest's waitFor): the state the test expects, never a fixed sleep. */
const waitUntil = (isDone: () => boolean, timeout = 5_000) =>
  vi.waitFor(
    () => {
      if (!isDone()) throw new Error('not yet');
    },
    { timeout, interval: 5 },
  );

/**
 * Sends `command`; once the printer has taken it, its answer read until `isDone`, or null when it sent none. Silence is
 * known from the simulator's own counts (it answers in the turn it takes a command), not from a timeout.
 */
const ask = async (printer: PrinterSimulator, socket: Socket, command: string, isDone: (text: string) => boolean) => {
  const taken = printer.commands.length;
  const answered = printer.answered();
  let text = '';
  const onData = (chunk: Buffer) => {
    text += chunk.toString('latin1');
  };
  socket.on('data', onData);
  try {
    socket.write(command);
    await waitUntil(() => printer.commands.length > taken);
    if (printer.answered() === answered) return null;
    await waitUntil(() => isDone(text));
    return text;
  } finally {
    socket.off('data', onData);
  }
};
const statusOf = (printer: PrinterSimulator, socket: Socket) =>
  ask(printer, socket, '~HS', (text) => text.split('\u0003').length > 3);
const errorsOf = (printer: PrinterSimulator, socket: Socket) => ask(printer, socket, '~HQES', (text) => text.includes('\u0003'));
/** Collects what the printer sends without asking (the ~RV encode results). */
const listen = (socket: Socket) => {
  const heard: string[] = [];
  socket.on('data', (chunk: Buffer) => heard.push(chunk.toString('latin1')));
  return () => heard.join('');
};

describe('printer simulator', () => {
  let simulator: PrinterSimulator | undefined;
  afterEach(async () => simulator?.close());
  const printer = (): PrinterSimulator => {
    if (!simulator) throw new Error('no simulator started');
    return simulator;
  };

  it('splits a ZPL stream into labels and reads each EPC write and field', () => {
    const { labels, rest } = splitLabels(`${label(EPC, 'uno')}\n${label(EPC, 'dos')}^XA^FDhalf`);
    expect(labels).toHaveLength(2);
    expect(rest).toBe('^XA^FDhalf');
    expect(parseLabel(labels[1] as string)).toEqual({ epc: EPC, fields: ['dos'] });
    expect(parseLabel('^XA^FDno rfid^FS^XZ')).toEqual({ epc: null, fields: ['no rfid'] });
  });

  it('prints labels sent over TCP one at a time and answers ~HS with what is still in its buffer', async () => {
    simulator = await startPrinterSimulator({ printMs: 80 });
    const socket = await open(simulator.port);
    socket.write(label(EPC, 'a') + label(EPC.replace(/1$/, '2'), 'b'));
    await waitUntil(() => printer().received() === 2);
    const busy = await statusOf(printer(), socket);
    expect(busy).toContain('\u0002030,0,0,1218,002,');
    const labels = await simulator.waitForLabels(2);
    expect(labels.map((l) => l.epc)).toEqual([EPC, EPC.replace(/1$/, '2')]);
    expect(labels.map((l) => l.fields)).toEqual([['a'], ['b']]);
    expect(await statusOf(printer(), socket)).toBe(
      hostStatus({ paperOut: false, paused: false, formats: 0, labelsRemaining: 0 }),
    );
    socket.destroy();
  });

  it('runs out of paper: silent to ~HS, ~HQES says paper out, the buffer kept until the paper is back', async () => {
    simulator = await startPrinterSimulator({ printMs: 5, paperOutAfter: 1 });
    const socket = await open(simulator.port);
    socket.write(label(EPC, 'a') + label(EPC.replace(/1$/, '2'), 'b'));
    await simulator.waitForLabels(1);
    await waitUntil(() => simulator?.pending() === 1);
    // The ZPL II guide: no ~HS answer while out of paper; ~HQES answers with error flag 00000001.
    expect(await statusOf(printer(), socket)).toBeNull();
    expect(await errorsOf(printer(), socket)).toBe(hostQueryErrorStatus({ errors: 0x1 }));
    expect(await errorsOf(printer(), socket)).toContain('ERRORS:         1 00000000 00000001');
    simulator.setMode({ paperOutAfter: null });
    await simulator.waitForLabels(2);
    expect(await errorsOf(printer(), socket)).toContain('ERRORS:         0 00000000 00000000');
    socket.destroy();
  });

  it('is silent to ~HS with the head open, out of ribbon or over temperature, and says which in ~HQES', async () => {
    simulator = await startPrinterSimulator({ printMs: 5, headOpen: true });
    const socket = await open(simulator.port);
    expect(await statusOf(printer(), socket)).toBeNull();
    expect(await errorsOf(printer(), socket)).toContain(' 1 00000000 00000004');
    simulator.setMode({ headOpen: false, ribbonOut: true, overTemp: true });
    expect(await statusOf(printer(), socket)).toBeNull();
    expect(await errorsOf(printer(), socket)).toContain(' 1 00000000 00000012');
    simulator.setMode({ ribbonOut: false, overTemp: false, paused: true });
    expect(await statusOf(printer(), socket)).toContain('\u0002030,0,1,1218,000,');
    socket.destroy();
  });

  it('reports each encode with ~RVE, prints VOID over the tags it cannot encode and counts what it encoded', async () => {
    simulator = await startPrinterSimulator({ printMs: 2, failFormats: [2] });
    const socket = await open(simulator.port);
    const heard = listen(socket);
    socket.write('~RVE');
    const epcs = ['1', '2', '3'].map((n) => EPC.replace(/1$/, n));
    socket.write(epcs.map((epc, i) => label(epc, String(i)).replace('^RS8', i === 1 ? '^RS8,,,2' : '^RS8')).join(''));
    await simulator.waitForLabels(2);
    await waitUntil(() => heard().split('_').length > 6);
    expect(heard()).toBe('_+,0__-,1__+,0_');
    expect(simulator.encoded).toEqual([epcs[0], epcs[2]]);
    expect(simulator.labels.map((l) => l.epc)).toEqual([epcs[0], epcs[2]]);
    // ^RS8,,,2: two labels tried, both VOID.
    expect(simulator.voids.map((l) => l.epc)).toEqual([epcs[1], epcs[1]]);
    expect(rfidTries('^XA^RS8,,,2^XZ')).toBe(2);
    expect(rfidTries('^XA^RS8^XZ')).toBe(3);
    socket.destroy();
  });

  it('fails a seeded share of encodes, the same ones for the same seed', async () => {
    const run = async () => {
      const sim = await startPrinterSimulator({ printMs: 1, failRate: 0.3, seed: 7 });
      const socket = await open(sim.port);
      socket.write(Array.from({ length: 20 }, (_, i) => label(EPC.replace(/01$/, String(i + 10)), 'x')).join(''));
      await waitUntil(() => sim.received() === 20 && sim.pending() === 0);
      socket.destroy();
      await sim.close();
      return sim.encoded.slice();
    };
    const first = await run();
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(20);
    expect(await run()).toEqual(first);
  });

  it('~JA cancels every format in the buffer: nothing prints once the fault is cleared', async () => {
    simulator = await startPrinterSimulator({ printMs: 5, paperOut: true });
    const socket = await open(simulator.port);
    socket.write(label(EPC, 'a') + label(EPC.replace(/1$/, '2'), 'b'));
    await waitUntil(() => simulator?.pending() === 2);
    socket.write('~JA');
    await waitUntil(() => simulator?.pending() === 0);
    expect(simulator.canceled()).toBe(2);
    simulator.setMode({ paperOut: false });
    socket.write(label(EPC.replace(/1$/, '3'), 'c'));
    await simulator.waitForLabels(1);
    expect(simulator.labels.map((l) => l.fields)).toEqual([['c']]);
    expect(simulator.commands).toEqual(['~JA']);
    socket.destroy();
  });

  it('refuses connections and, hung, answers nothing', async () => {
    simulator = await startPrinterSimulator({ printMs: 5, silent: true });
    const socket = await open(simulator.port);
    expect(await statusOf(printer(), socket)).toBeNull();
    expect(await errorsOf(printer(), socket)).toBeNull();
    socket.destroy();
    simulator.setMode({ refuse: true });
    const refused = await open(simulator.port);
    await new Promise((resolve) => refused.once('close', resolve));
    expect(simulator.connections()).toBe(2);
  });
});
