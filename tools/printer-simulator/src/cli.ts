import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { type SimulatorMode, startPrinterSimulator } from './printer-simulator.js';

/**
 * `npm run printer-sim -- --port 9100`: a Zebra ZT411 RFID printer on raw TCP for the print service to print to. Add a
 * printer with IP 127.0.0.1 and this port in Administrador → Impresoras, print an order, and every label's EPC and
 * fields appear here. Type a state on stdin while it runs (`paper-out on`, `head-open off` …) to fault it.
 */
const HELP = `Printer simulator: a Zebra ZT411 RFID label printer on raw TCP (ZPL in; ~HS, ~HQES and ~RV answers out).

Options:
  --port <n>             TCP port (default 9100)
  --host <address>       address to listen on (default 0.0.0.0)
  --print-ms <n>         milliseconds per label (default 300)
  --paper-out-after <n>  run out of paper after n labels
  --paper-out            start out of paper        (~HS unanswered, ~HQES errors 00000001)
  --head-open            start with the head open  (~HS unanswered, ~HQES errors 00000004)
  --ribbon-out           start out of ribbon       (~HS unanswered, ~HQES errors 00000002)
  --over-temp            start with the head over temperature (~HS unanswered, ~HQES errors 00000010)
  --paused               start paused (labels stay in the buffer)
  --fail-rate <0..1>     share of encodes that fail (VOID printed, _-,n_ reported with ~RVE)
  --fail-formats <list>  formats (1-based, comma separated) whose encode fails
  --seed <n>             seed of the failing encodes (default 1)
  --silent               a hung printer: never answers anything
  --refuse               close every connection at once
  --json                 one JSON line per label instead of text
  --help                 this text

While it runs, type on stdin: paper-out|head-open|ribbon-out|over-temp|paused|silent on|off, fail-rate <0..1>, status.`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9100' },
    host: { type: 'string', default: '0.0.0.0' },
    'print-ms': { type: 'string', default: '300' },
    'paper-out-after': { type: 'string' },
    'paper-out': { type: 'boolean', default: false },
    'head-open': { type: 'boolean', default: false },
    'ribbon-out': { type: 'boolean', default: false },
    'over-temp': { type: 'boolean', default: false },
    paused: { type: 'boolean', default: false },
    'fail-rate': { type: 'string', default: '0' },
    'fail-formats': { type: 'string', default: '' },
    seed: { type: 'string', default: '1' },
    silent: { type: 'boolean', default: false },
    refuse: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const simulator = await startPrinterSimulator({
  port: Number(values.port),
  host: values.host,
  printMs: Number(values['print-ms']),
  paperOutAfter: values['paper-out-after'] ? Number(values['paper-out-after']) : null,
  paperOut: values['paper-out'],
  headOpen: values['head-open'],
  ribbonOut: values['ribbon-out'],
  overTemp: values['over-temp'],
  paused: values.paused,
  failRate: Number(values['fail-rate']) || 0,
  failFormats: values['fail-formats']
    .split(',')
    .map((n) => Number(n.trim()))
    .filter((n) => Number.isInteger(n) && n > 0),
  seed: Number(values.seed) || 1,
  silent: values.silent,
  refuse: values.refuse,
  log: values.json ? undefined : (line) => console.log(`  ${line}`),
});
simulator.onLabel((label) => {
  if (values.json) {
    console.log(JSON.stringify({ index: label.index, epc: label.epc, fields: label.fields, printed_at: label.printedAt }));
  } else {
    console.log(`#${label.index} EPC ${label.epc ?? '(none)'}  ${label.fields.map((f) => f.trim()).join(' | ')}`);
  }
});
console.log(
  `Printer simulator (Zebra ZT411 RFID) listening on ${simulator.host}:${simulator.port} (${values['print-ms']} ms per label). Ctrl+C stops it.`,
);

const SWITCHES: Record<string, keyof SimulatorMode> = {
  'paper-out': 'paperOut',
  'head-open': 'headOpen',
  'ribbon-out': 'ribbonOut',
  'over-temp': 'overTemp',
  paused: 'paused',
  silent: 'silent',
};
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [word = '', value = ''] = line.trim().split(/\s+/);
  const key = SWITCHES[word];
  if (key && (value === 'on' || value === 'off')) {
    simulator.setMode({ [key]: value === 'on', ...(key === 'paperOut' && value === 'off' ? { paperOutAfter: null } : {}) });
  } else if (word === 'fail-rate' && Number.isFinite(Number(value))) {
    simulator.setMode({ failRate: Number(value) });
  } else if (word !== 'status' && word !== '') {
    console.log('paper-out|head-open|ribbon-out|over-temp|paused|silent on|off, fail-rate <0..1>, status');
    return;
  }
  const mode = simulator.mode();
  console.log(
    `state: paper-out ${mode.paperOut} head-open ${mode.headOpen} ribbon-out ${mode.ribbonOut} over-temp ${mode.overTemp} paused ${mode.paused} silent ${mode.silent}; ${simulator.labels.length} printed, ${simulator.voids.length} VOID, ${simulator.pending()} in buffer`,
  );
});

const stop = async () => {
  lines.close();
  await simulator.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
