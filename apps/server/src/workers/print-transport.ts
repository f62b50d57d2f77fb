import { lookup } from 'node:dns/promises';
import { isIP, Socket } from 'node:net';
import { type PrintError, type PrinterFault, printErrorMessage } from '@rfid/contract';

/**
 * Talking to a Zebra RFID label printer over raw TCP (port 9100), the way the ZPL II Programming Guide and the Zebra RFID
 * Programming Guide describe it:
 *
 * - Once per connection `~RVE` (~RV "Report RFID Encoding Results", E = enable): after each label format the printer
 *   sends `_+,<retries>_` when it encoded the tag or `_-,<retries>_` when it could not (it printed VOID over the label(s)
 *   it tried, as many as the ^RS "number of labels", then dropped the format: ^RS error handling N, the default). A
 *   label counts as printed only on `_+`; on `_-` its EPC is void. No answer at all by the label timeout is an error.
 * - While a label prints, `~HS` (Host Status Return) every `pollMs`: paper out, pause, head up, ribbon out, over
 *   temperature. The guide says a printer does not answer ~HS while out of paper or ribbon, with its head open or over
 *   temperature; so when ~HS has been silent for `statusSilenceMs` the printer is asked `~HQES` (Host Query, error
 *   status), which it answers in those states: `PRINTER STATUS`, `ERRORS: 1 00000000 0000000x` with the error flags.
 *   Silent to both until the label timeout: "the printer does not answer", with the last fault it reported.
 * - On any failure the caller sends `~JA` (Cancel All: every format in the printer's buffer is dropped, ZPL II guide
 *   ~JA) before closing, so a label left in the buffer never prints by itself once the fault is cleared.
 */

export type PrinterAddress = { host: string; port: number };

/** The fields of Zebra's ~HS answer the print service acts on (ZPL II Programming Guide, ~HS). */
export type PrinterStatus = {
  paperOut: boolean;
  paused: boolean;
  headUp: boolean;
  ribbonOut: boolean;
  overTemperature: boolean;
  underTemperature: boolean;
  /** Formats (labels) received and not yet printed. */
  formatsInBuffer: number;
  /** Labels remaining in the batch being printed. */
  labelsRemaining: number;
};

/** A label format's encode result as ~RV reports it: encoded (`_+`) or not (`_-`), and the printer's retries. */
export type EncodeResult = { isEncoded: boolean; retries: number };

/** The printer could not be reached, stopped answering or reported a fault; `detail` says which as a code. */
export class PrinterError extends Error {
  override readonly name = 'PrinterError';
  constructor(readonly detail: PrintError) {
    super(printErrorMessage(detail));
  }
}

export type PrinterConnection = {
  /** Sends one label format and resolves with the printer's encode result once it is done with it. */
  printLabel: (zpl: string) => Promise<EncodeResult>;
  /** ~JA: cancels every format in the printer's buffer (best effort; never throws). */
  cancelAll: () => Promise<void>;
  close: () => void;
};

/** Opens a connection to a printer (the TCP one below, or a fake in tests). */
export type PrinterTransport = (address: PrinterAddress) => Promise<PrinterConnection>;

export type TransportOptions = {
  /** Giving up on connecting (ms). */
  connectTimeoutMs: number;
  /** The longest one label may take from sending to its encode result (ms). */
  labelTimeoutMs: number;
  /** Between two status queries while a label prints (ms). */
  pollMs: number;
  /** ~HS unanswered this long: the printer is asked ~HQES (ms). */
  statusSilenceMs: number;
  /**
   * Whether a printer may be at this IP address (modules/printing/printer-address.ts). A host name is resolved first and
   * connected to by the address checked, so a name cannot point somewhere else in between (DNS rebinding: a name that
   * resolved to a printer when it was saved and to this server later is refused when connecting).
   */
  isAllowedAddress: (address: string, port: number) => boolean;
};

export const DEFAULT_TRANSPORT_OPTIONS: TransportOptions = {
  connectTimeoutMs: 5_000,
  labelTimeoutMs: 30_000,
  pollMs: 150,
  statusSilenceMs: 2_000,
  isAllowedAddress: () => true,
};

const STX = '\u0002';
const ETX = '\u0003';

/**
 * Parses the three framed strings of a ~HS answer:
 * 1 `aaa,b,c,dddd,eee,f,g,h,iii,j,k,l` (b paper out, c pause, eee formats in the receive buffer, k under temperature,
 *   l over temperature),
 * 2 `mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www` (o head up, p ribbon out, uuuuuuuu labels remaining in the batch),
 * 3 `xxxx,y`.
 */
export const parseHostStatus = (frames: readonly string[]): PrinterStatus => {
  const [first, second] = frames.map((frame) => frame.split(',').map((field) => field.trim()));
  if (!first || !second || first.length < 5 || second.length < 9) throw new PrinterError({ code: 'unknown_status' });
  return {
    paperOut: first[1] === '1',
    paused: first[2] === '1',
    formatsInBuffer: Number(first[4]) || 0,
    underTemperature: first[10] === '1',
    overTemperature: first[11] === '1',
    headUp: second[2] === '1',
    ribbonOut: second[3] === '1',
    labelsRemaining: Number(second[8]) || 0,
  };
};

/** The faults a ~HS answer shows (the printer cannot print while any holds). */
export const statusFaults = (status: PrinterStatus): PrinterFault[] => {
  const faults: PrinterFault[] = [];
  if (status.paperOut) faults.push('paper_out');
  if (status.headUp) faults.push('head_open');
  if (status.ribbonOut) faults.push('ribbon_out');
  if (status.overTemperature) faults.push('over_temperature');
  if (status.underTemperature) faults.push('under_temperature');
  return faults;
};

/**
 * The error flags of ~HQES, group 1 (the last 8 hex digits of `ERRORS:`), as the ZPL II guide lists them (~HQ, and the
 * same table under ~WQ): nibble 1 media out 1, ribbon out 2, head open 4, cutter fault 8; nibble 2 printhead over
 * temperature 1, motor over temperature 2, bad printhead element 4, printhead detection error 8; nibble 3 invalid
 * firmware configuration 1, printhead thermistor open 2; nibble 4 paper jam during retract 1, presenter not running 2,
 * paper feed error 4, clear paper path failed 8; nibble 5 black mark calibrate error 4, black mark not found 8.
 */
export const HQES_ERROR_FLAGS: readonly (readonly [number, PrinterFault])[] = [
  [0x00000001, 'paper_out'],
  [0x00000002, 'ribbon_out'],
  [0x00000004, 'head_open'],
  [0x00000008, 'cutter_fault'],
  [0x00000010, 'printhead_over_temperature'],
  [0x00000020, 'motor_over_temperature'],
  [0x00000040, 'bad_printhead_element'],
  [0x00000080, 'printhead_detection_error'],
  [0x00000100, 'invalid_firmware_config'],
  [0x00000200, 'printhead_thermistor_open'],
  [0x00001000, 'paper_jam_during_retract'],
  [0x00002000, 'presenter_not_running'],
  [0x00004000, 'paper_feed_error'],
  [0x00008000, 'clear_paper_path_failed'],
  [0x00040000, 'black_mark_calibrate_error'],
  [0x00080000, 'black_mark_not_found'],
];

/**
 * The faults of a ~HQES answer (`PRINTER STATUS` / `ERRORS: f gggggggg hhhhhhhh` / `WARNINGS: …`): none when the
 * error flag is 0; the named flags of group 1, or `unknown_error` for a flag this list does not name. Null when the
 * text is not an error status.
 */
export const parseErrorStatus = (text: string): PrinterFault[] | null => {
  const match = /ERRORS:\s*([01])\s+([0-9A-Fa-f]{8})\s+([0-9A-Fa-f]{8})/.exec(text);
  if (!match) return null;
  if (match[1] === '0') return [];
  const group1 = Number.parseInt(match[3] as string, 16);
  const group2 = Number.parseInt(match[2] as string, 16);
  const faults = HQES_ERROR_FLAGS.filter(([mask]) => (group1 & mask) !== 0).map(([, fault]) => fault);
  const known = HQES_ERROR_FLAGS.reduce((all, [mask]) => all | mask, 0);
  if ((group1 & ~known) !== 0 || group2 !== 0 || faults.length === 0) faults.push('unknown_error');
  return faults;
};

export type PrinterEvent =
  | { type: 'status'; status: PrinterStatus }
  | { type: 'errors'; faults: PrinterFault[] }
  | { type: 'encode'; result: EncodeResult };

const ENCODE_RESULT = /_([+-]),(\d+)_/;
const PARTIAL_ENCODE_RESULT = /_(?:[+-](?:,\d*)?)?$/;

/**
 * Reads what a printer sends back, chunk by chunk: ~HS answers (three STX…ETX strings), ~HQES answers (one STX…ETX
 * block with `PRINTER STATUS`) and ~RV encode results (`_+,n_`, `_-,n_`, not framed), in the order they came.
 */
export const createPrinterOutputReader = () => {
  let buffer = '';
  let statusFrames: string[] = [];
  return (chunk: string): PrinterEvent[] => {
    buffer += chunk;
    const events: PrinterEvent[] = [];
    for (;;) {
      const start = buffer.indexOf(STX);
      const encode = ENCODE_RESULT.exec(buffer);
      if (encode && (start < 0 || encode.index < start)) {
        events.push({ type: 'encode', result: { isEncoded: encode[1] === '+', retries: Number(encode[2]) } });
        buffer = buffer.slice(encode.index + encode[0].length);
        continue;
      }
      if (start >= 0) {
        const end = buffer.indexOf(ETX, start);
        if (end < 0) {
          buffer = buffer.slice(start);
          break;
        }
        const frame = buffer.slice(start + 1, end);
        buffer = buffer.slice(end + 1);
        const faults = frame.includes('PRINTER STATUS') || frame.includes('ERRORS:') ? parseErrorStatus(frame) : null;
        if (faults) {
          events.push({ type: 'errors', faults });
          continue;
        }
        statusFrames.push(frame);
        if (statusFrames.length === 3) {
          const frames = statusFrames;
          statusFrames = [];
          try {
            events.push({ type: 'status', status: parseHostStatus(frames) });
          } catch {
            // not a status after all: dropped
          }
        }
        continue;
      }
      const tail = PARTIAL_ENCODE_RESULT.exec(buffer);
      buffer = tail ? tail[0] : '';
      break;
    }
    return events;
  };
};

const seconds = (ms: number) => Math.round(ms / 1000);

/** Resolves the printer's host to the address connected to; every address it has must be allowed (else unreachable). */
const printerAddress = async (
  { host, port }: PrinterAddress,
  isAllowedAddress: TransportOptions['isAllowedAddress'],
  unreachable: () => PrinterError,
): Promise<string> => {
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((a) => a.address),
        () => [],
      );
  const address = addresses[0];
  if (address === undefined || !addresses.every((each) => isAllowedAddress(each, port))) throw unreachable();
  return address;
};

/** A TCP connection to the address, within the connect timeout (else unreachable). */
const connectSocket = async (
  address: string,
  port: number,
  connectTimeoutMs: number,
  unreachable: () => PrinterError,
): Promise<Socket> => {
  const socket = new Socket();
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 10_000);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(unreachable());
    }, connectTimeoutMs);
    socket.once('error', () => {
      clearTimeout(timer);
      reject(unreachable());
    });
    socket.connect(port, address, () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return socket;
};

/** What a printer said on a connection (in the order it came), how to write to it, and how to wait for an answer. */
type PrinterChannel = {
  statuses: PrinterStatus[];
  errorStatuses: PrinterFault[][];
  encodes: EncodeResult[];
  write: (data: string) => Promise<void>;
  /** Waits until `take` finds something or `until` passes (then null); throws when the connection ends. */
  waitFor: <T>(take: () => T | undefined, until: number) => Promise<T | null>;
};

/** Reads the socket's answers into the channel's lists as they come; the first error or close ends the channel. */
const printerChannel = (socket: Socket, where: string): PrinterChannel => {
  const read = createPrinterOutputReader();
  const statuses: PrinterStatus[] = [];
  const errorStatuses: PrinterFault[][] = [];
  const encodes: EncodeResult[] = [];
  let closed: PrintError | null = null;
  let waiter: (() => void) | null = null;
  const wake = () => {
    const current = waiter;
    waiter = null;
    current?.();
  };
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    for (const event of read(chunk)) {
      if (event.type === 'status') statuses.push(event.status);
      else if (event.type === 'errors') errorStatuses.push(event.faults);
      else encodes.push(event.result);
    }
    wake();
  });
  socket.on('error', (error: Error) => {
    closed ??= { code: 'connection_lost', where, detail: error.message };
    wake();
  });
  socket.on('close', () => {
    closed ??= { code: 'connection_closed', where };
    wake();
  });

  const write = (data: string) =>
    new Promise<void>((resolve, reject) => {
      if (closed) return reject(new PrinterError(closed));
      socket.write(data, 'utf8', (error) =>
        error ? reject(new PrinterError(closed ?? { code: 'connection_lost', where, detail: error.message })) : resolve(),
      );
    });

  const waitFor = async <T>(take: () => T | undefined, until: number): Promise<T | null> => {
    for (;;) {
      const found = take();
      if (found !== undefined) return found;
      if (closed) throw new PrinterError(closed);
      const left = until - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  return { statuses, errorStatuses, encodes, write, waitFor };
};

/** A label's printing on a channel: the printer's address, the faults it last reported, and the transport's timing. */
type LabelWatch = Pick<TransportOptions, 'labelTimeoutMs' | 'pollMs' | 'statusSilenceMs'> & {
  where: string;
  lastFaults: Map<string, PrinterFault[]>;
};

/**
 * Sends one label format and waits for its encode result, asking the printer's status (~HS, then ~HQES when it is
 * silent) meanwhile: a fault, a pause or a silence past the label's timeout is a PrinterError.
 */
const printLabelOn = async (channel: PrinterChannel, watch: LabelWatch, zpl: string): Promise<EncodeResult> => {
  const { statuses, errorStatuses, encodes, write, waitFor } = channel;
  const { where, lastFaults, labelTimeoutMs, pollMs, statusSilenceMs } = watch;
  const fail = (faults: PrinterFault[]): never => {
    lastFaults.set(where, faults);
    throw new PrinterError({ code: 'fault', faults });
  };
  const startedAt = Date.now();
  const deadline = startedAt + labelTimeoutMs;
  encodes.length = 0;
  await write(zpl.endsWith('\n') ? zpl : `${zpl}\n`);
  let heardAt = 0;
  let isPaused = false;
  for (;;) {
    const done = encodes.shift();
    if (done) return done;
    if (Date.now() >= deadline) {
      if (heardAt === 0) {
        throw new PrinterError({ code: 'silent', faults: lastFaults.get(where) ?? [], seconds: seconds(labelTimeoutMs) });
      }
      if (isPaused) throw new PrinterError({ code: 'paused' });
      throw new PrinterError({ code: 'not_printed', where, seconds: seconds(labelTimeoutMs) });
    }
    statuses.length = 0;
    await write('~HS');
    const status = await waitFor(
      () => (encodes.length > 0 ? null : statuses.shift()),
      Math.min(deadline, Date.now() + statusSilenceMs),
    );
    if (status) {
      heardAt = Date.now();
      const faults = statusFaults(status);
      if (faults.length > 0) fail(faults);
      lastFaults.delete(where);
      isPaused = status.paused;
    } else if (encodes.length === 0 && Date.now() < deadline) {
      // ~HS unanswered: out of paper or ribbon, head open, over temperature … or hung. ~HQES says which.
      errorStatuses.length = 0;
      await write('~HQES');
      const faults = await waitFor(
        () => (encodes.length > 0 ? [] : errorStatuses.shift()),
        Math.min(deadline, Date.now() + statusSilenceMs),
      );
      if (faults && encodes.length === 0) {
        heardAt = Date.now();
        if (faults.length > 0) fail(faults);
        lastFaults.delete(where);
      }
    }
    await waitFor(() => (encodes.length > 0 ? true : undefined), Math.min(deadline, Date.now() + pollMs));
  }
};

/** Raw TCP to the printer's IP and port, the way Zebra printers take ZPL on port 9100. */
export const tcpTransport = (options: Partial<TransportOptions> = {}): PrinterTransport => {
  /**
   * The faults each printer (host:port) last reported to this process, kept across connections: the likely reason
   * when it falls silent (a printer out of paper stays silent to ~HS on the next job too). Cleared by a status
   * without faults.
   */
  const lastFaults = new Map<string, PrinterFault[]>();
  return async ({ host, port }) => {
    const { connectTimeoutMs, labelTimeoutMs, pollMs, statusSilenceMs, isAllowedAddress } = {
      ...DEFAULT_TRANSPORT_OPTIONS,
      ...options,
    };
    const where = `${host}:${port}`;
    // One answer for every way a connection fails (refused, timed out, unreachable, not allowed), so the error a user
    // sees never tells a closed port from a filtered one (issue 13: a printer form is no port scanner).
    const unreachable = () => new PrinterError({ code: 'unreachable', where });
    const address = await printerAddress({ host, port }, isAllowedAddress, unreachable);
    const socket = await connectSocket(address, port, connectTimeoutMs, unreachable);
    const channel = printerChannel(socket, where);
    const watch: LabelWatch = { where, lastFaults, labelTimeoutMs, pollMs, statusSilenceMs };

    // Every label format's encode result comes back from now on (~RV, Zebra RFID Programming Guide).
    await channel.write('~RVE');

    return {
      printLabel: (zpl: string) => printLabelOn(channel, watch, zpl),
      async cancelAll() {
        await channel.write('~JA').catch(() => {});
      },
      close() {
        socket.end();
        setTimeout(() => socket.destroy(), 1_000).unref();
      },
    };
  };
};
