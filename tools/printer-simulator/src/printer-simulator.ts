import { createServer, type Server, type Socket } from 'node:net';

/**
 * A Zebra-like RFID label printer on raw TCP: it takes ZPL, cuts it into labels (^XA … ^XZ), reads each label's ^RFW EPC
 * write and ^FD fields, "prints" one label every `printMs`, and answers the host status query ~HS the way a Zebra
 * printer does (paper out, pause, formats still in the buffer, head up …). It can be slow, run out of paper after some
 * labels, stay silent (never answer ~HS) or refuse connections, which is what the print service must survive.
 */

export type SimulatedLabel = {
  /** 1-based, in the order the simulator printed them. */
  index: number;
  /** The EPC the label's ^RFW,H write carries (upper-case hex), or null when the label writes none. */
  epc: string | null;
  /** Every ^FD field's data except the EPC write, in order. */
  fields: string[];
  zpl: string;
  printedAt: Date;
  /** Which connection sent it (1-based). */
  connection: number;
};

export type SimulatorMode = {
  /** Milliseconds each label takes to print. */
  printMs: number;
  /** Accept and at once close every connection. */
  refuse: boolean;
  /** Take labels but never answer ~HS (a hung printer). */
  silent: boolean;
  /** Report paper out (and stop printing) once this many labels are printed. */
  paperOutAfter: number | null;
  /** Report pause: labels stay in the buffer. */
  paused: boolean;
};

export type PrinterSimulator = {
  port: number;
  host: string;
  /** Labels printed so far. */
  labels: SimulatedLabel[];
  /** Labels received and not printed yet. */
  pending: () => number;
  /** Connections accepted so far. */
  connections: () => number;
  setMode: (mode: Partial<SimulatorMode>) => void;
  /** Called for each label printed. */
  onLabel: (listener: (label: SimulatedLabel) => void) => void;
  /** Resolves once `count` labels are printed (or rejects after `timeoutMs`). */
  waitForLabels: (count: number, timeoutMs?: number) => Promise<SimulatedLabel[]>;
  reset: () => void;
  close: () => Promise<void>;
};

const STX = '\u0002';
const ETX = '\u0003';

/** The labels of a ZPL stream: each ^XA … ^XZ, and what is left over (an incomplete label). */
export const splitLabels = (buffer: string): { labels: string[]; rest: string } => {
  const labels: string[] = [];
  let at = 0;
  for (;;) {
    const start = buffer.indexOf('^XA', at);
    if (start < 0) return { labels, rest: '' };
    const end = buffer.indexOf('^XZ', start + 3);
    if (end < 0) return { labels, rest: buffer.slice(start) };
    labels.push(buffer.slice(start, end + 3));
    at = end + 3;
  }
};

/** The EPC of a label's ^RFW,H…^FD<hex>^FS write and the data of its other ^FD fields. */
export const parseLabel = (zpl: string): { epc: string | null; fields: string[] } => {
  let epc: string | null = null;
  const fields: string[] = [];
  const field = /\^FD([\s\S]*?)\^FS/g;
  for (let match = field.exec(zpl); match; match = field.exec(zpl)) {
    const before = zpl.slice(0, match.index);
    const lastCommand = before.lastIndexOf('^');
    const command = lastCommand >= 0 ? before.slice(lastCommand) : '';
    const data = match[1] ?? '';
    if (/^\^RFW,H/i.test(command)) epc = data.trim().toUpperCase();
    else fields.push(data);
  }
  return { epc, fields };
};

/** The three framed strings a Zebra printer answers to ~HS. */
export const hostStatus = ({
  paperOut,
  paused,
  formats,
  labelsRemaining,
  headUp = false,
}: {
  paperOut: boolean;
  paused: boolean;
  formats: number;
  labelsRemaining: number;
  headUp?: boolean;
}): string => {
  const pad = (n: number, width: number) => String(Math.min(n, 10 ** width - 1)).padStart(width, '0');
  const line1 = `030,${paperOut ? 1 : 0},${paused ? 1 : 0},1218,${pad(formats, 3)},0,0,0,000,0,0,0`;
  const line2 = `001,0,${headUp ? 1 : 0},0,0,2,4,0,${pad(labelsRemaining, 8)},1,000`;
  const line3 = '1234,0';
  return `${STX}${line1}${ETX}\r\n${STX}${line2}${ETX}\r\n${STX}${line3}${ETX}\r\n`;
};

export const startPrinterSimulator = async ({
  port = 0,
  host = '127.0.0.1',
  log,
  ...mode
}: Partial<SimulatorMode> & { port?: number; host?: string; log?: (line: string) => void } = {}): Promise<PrinterSimulator> => {
  const state: SimulatorMode = { printMs: 20, refuse: false, silent: false, paperOutAfter: null, paused: false, ...mode };
  const labels: SimulatedLabel[] = [];
  const listeners: ((label: SimulatedLabel) => void)[] = [];
  /** Labels received, waiting for the print head. */
  const queue: { zpl: string; connection: number }[] = [];
  const sockets = new Set<Socket>();
  let connectionCount = 0;
  let printing: NodeJS.Timeout | null = null;

  const isPaperOut = () => state.paperOutAfter !== null && labels.length >= state.paperOutAfter;

  const printNext = () => {
    printing = null;
    if (queue.length === 0 || state.paused || isPaperOut()) return;
    printing = setTimeout(() => {
      printing = null;
      if (state.paused || isPaperOut()) return;
      const next = queue.shift();
      if (!next) return;
      const { epc, fields } = parseLabel(next.zpl);
      const label: SimulatedLabel = {
        index: labels.length + 1,
        epc,
        fields,
        zpl: next.zpl,
        printedAt: new Date(),
        connection: next.connection,
      };
      labels.push(label);
      log?.(`label ${label.index}: EPC ${epc ?? '(none)'} | ${fields.join(' | ')}`);
      for (const listener of listeners) listener(label);
      printNext();
    }, state.printMs);
  };

  const server: Server = createServer((socket) => {
    connectionCount += 1;
    const connection = connectionCount;
    if (state.refuse) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.setEncoding('utf8');
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      // Tilde commands run at once; ~HS asks for the host status.
      let queries = 0;
      buffer = buffer.replace(/~HS/g, () => {
        queries += 1;
        return '';
      });
      const { labels: complete, rest } = splitLabels(buffer);
      buffer = rest;
      for (const zpl of complete) queue.push({ zpl, connection });
      if (complete.length && !printing) printNext();
      if (!state.silent) {
        for (let i = 0; i < queries; i += 1) {
          // The label on the print head stays in the queue until it is printed.
          socket.write(
            hostStatus({ paperOut: isPaperOut(), paused: state.paused, formats: queue.length, labelsRemaining: queue.length }),
          );
        }
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;

  return {
    port: boundPort,
    host,
    labels,
    pending: () => queue.length,
    connections: () => connectionCount,
    setMode(next) {
      Object.assign(state, next);
      if (!printing) printNext();
    },
    onLabel(listener) {
      listeners.push(listener);
    },
    waitForLabels(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        if (labels.length >= count) return resolve(labels.slice(0, count));
        const timer = setTimeout(() => reject(new Error(`only ${labels.length} of ${count} labels printed`)), timeoutMs);
        listeners.push(() => {
          if (labels.length === count) {
            clearTimeout(timer);
            resolve(labels.slice(0, count));
          }
        });
      });
    },
    reset() {
      labels.length = 0;
      queue.length = 0;
    },
    async close() {
      if (printing) clearTimeout(printing);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
