import { Socket } from 'node:net';

/**
 * Talking to a label printer over raw TCP (port 9100 on Zebra printers): each label's ZPL is written, then the printer
 * is asked for its host status (~HS) until its receive buffer is empty, so a label counts as printed only once the
 * printer has taken it off the buffer, and a slow printer slows the job instead of filling the buffer. Paper out, head
 * open or ribbon out stop the job with the printer's own reason; no answer within the label timeout stops it too.
 */

export type PrinterAddress = { host: string; port: number };

/** The fields of Zebra's ~HS answer the print service acts on (ZPL II Programming Guide, ~HS). */
export type PrinterStatus = {
  paperOut: boolean;
  paused: boolean;
  headUp: boolean;
  ribbonOut: boolean;
  /** Formats (labels) received and not yet printed. */
  formatsInBuffer: number;
  /** Labels remaining in the batch being printed. */
  labelsRemaining: number;
};

/** The printer could not be reached, stopped answering or reported a fault; the message says which, for the user. */
export class PrinterError extends Error {
  override readonly name = 'PrinterError';
}

export type PrinterConnection = {
  /** Sends one label and resolves once the printer has printed it. */
  printLabel: (zpl: string) => Promise<void>;
  close: () => void;
};

/** Opens a connection to a printer (the TCP one below, or a fake in tests). */
export type PrinterTransport = (address: PrinterAddress) => Promise<PrinterConnection>;

export type TransportOptions = {
  /** Giving up on connecting (ms). */
  connectTimeoutMs: number;
  /** The longest one label may take from sending to printed (ms). */
  labelTimeoutMs: number;
  /** Between two status queries while a label prints (ms). */
  pollMs: number;
};

export const DEFAULT_TRANSPORT_OPTIONS: TransportOptions = { connectTimeoutMs: 5_000, labelTimeoutMs: 30_000, pollMs: 150 };

const STX = '\u0002';
const ETX = '\u0003';

/**
 * Parses the three framed strings of a ~HS answer:
 * 1 `aaa,b,c,dddd,eee,f,g,h,iii,j,k,l` (b paper out, c pause, eee formats in the receive buffer),
 * 2 `mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www` (o head up, p ribbon out, uuuuuuuu labels remaining in the batch),
 * 3 `xxxx,y`.
 */
export const parseHostStatus = (frames: readonly string[]): PrinterStatus => {
  const [first, second] = frames.map((frame) => frame.split(',').map((field) => field.trim()));
  if (!first || !second || first.length < 5 || second.length < 9)
    throw new PrinterError('The printer answered an unknown status.');
  return {
    paperOut: first[1] === '1',
    paused: first[2] === '1',
    formatsInBuffer: Number(first[4]) || 0,
    headUp: second[2] === '1',
    ribbonOut: second[3] === '1',
    labelsRemaining: Number(second[8]) || 0,
  };
};

/** The printer's fault, in words, or null when it can print. */
export const statusFault = (status: PrinterStatus): string | null => {
  if (status.paperOut) return 'The printer is out of paper.';
  if (status.headUp) return 'The printer head is open.';
  if (status.ribbonOut) return 'The printer is out of ribbon.';
  return null;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Raw TCP to the printer's IP and port, the way Zebra printers take ZPL on port 9100. */
export const tcpTransport =
  (options: Partial<TransportOptions> = {}): PrinterTransport =>
  async ({ host, port }) => {
    const { connectTimeoutMs, labelTimeoutMs, pollMs } = { ...DEFAULT_TRANSPORT_OPTIONS, ...options };
    const where = `${host}:${port}`;
    const socket = new Socket();
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 10_000);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new PrinterError(`The printer at ${where} did not answer within ${Math.round(connectTimeoutMs / 1000)} s.`));
      }, connectTimeoutMs);
      socket.once('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        const reason =
          error.code === 'ECONNREFUSED' ? 'refused the connection' : `could not be reached (${error.code ?? error.message})`;
        reject(new PrinterError(`The printer at ${where} ${reason}.`));
      });
      socket.connect(port, host, () => {
        clearTimeout(timer);
        resolve();
      });
    });

    let buffer = '';
    let closedReason: string | null = null;
    let waiter: { resolve: () => void } | null = null;
    const wake = () => {
      const current = waiter;
      waiter = null;
      current?.resolve();
    };
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      wake();
    });
    socket.on('error', (error: Error) => {
      closedReason ??= `The connection to the printer at ${where} failed (${error.message}).`;
      wake();
    });
    socket.on('close', () => {
      closedReason ??= `The printer at ${where} closed the connection.`;
      wake();
    });

    const write = (data: string) =>
      new Promise<void>((resolve, reject) => {
        if (closedReason) return reject(new PrinterError(closedReason));
        socket.write(data, 'utf8', (error) =>
          error
            ? reject(new PrinterError(closedReason ?? `The connection to the printer at ${where} failed (${error.message}).`))
            : resolve(),
        );
      });

    /** The next three STX…ETX frames, or a PrinterError at the deadline or when the connection ends. */
    const readStatus = async (deadline: number): Promise<PrinterStatus> => {
      for (;;) {
        const frames: string[] = [];
        let at = 0;
        while (frames.length < 3) {
          const start = buffer.indexOf(STX, at);
          const end = start < 0 ? -1 : buffer.indexOf(ETX, start);
          if (end < 0) break;
          frames.push(buffer.slice(start + 1, end));
          at = end + 1;
        }
        if (frames.length === 3) {
          buffer = buffer.slice(at);
          return parseHostStatus(frames);
        }
        if (closedReason) throw new PrinterError(closedReason);
        const left = deadline - Date.now();
        if (left <= 0)
          throw new PrinterError(
            `The printer at ${where} did not answer its status within ${Math.round(labelTimeoutMs / 1000)} s.`,
          );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiter = {
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          };
        });
      }
    };

    return {
      async printLabel(zpl: string) {
        const deadline = Date.now() + labelTimeoutMs;
        await write(zpl.endsWith('\n') ? zpl : `${zpl}\n`);
        let lastPaused = false;
        for (;;) {
          await write('~HS');
          const status = await readStatus(deadline);
          // Off the buffer means printed, even if the paper ran out right after it (the next label reports that).
          if (status.formatsInBuffer === 0 && status.labelsRemaining === 0) return;
          const fault = statusFault(status);
          if (fault) throw new PrinterError(fault);
          lastPaused = status.paused;
          if (Date.now() + pollMs >= deadline) {
            throw new PrinterError(
              lastPaused
                ? 'The printer is paused.'
                : `The printer at ${where} did not print the label within ${Math.round(labelTimeoutMs / 1000)} s.`,
            );
          }
          await wait(pollMs);
        }
      },
      close() {
        socket.end();
        setTimeout(() => socket.destroy(), 1_000).unref();
      },
    };
  };
