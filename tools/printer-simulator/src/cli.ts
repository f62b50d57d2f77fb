import { parseArgs } from 'node:util';
import { startPrinterSimulator } from './printer-simulator.js';

/**
 * `npm run printer-sim -- --port 9100`: an RFID label printer on raw TCP for the print service to print to. Add a
 * printer with IP 127.0.0.1 and this port in Administrador → Impresoras, print an order, and every label's EPC and
 * fields appear here.
 */
const HELP = `Printer simulator: a Zebra-like RFID label printer on raw TCP (ZPL in, ~HS status out).

Options:
  --port <n>             TCP port (default 9100)
  --host <address>       address to listen on (default 0.0.0.0)
  --print-ms <n>         milliseconds per label (default 300)
  --paper-out-after <n>  report paper out after n labels
  --paused               start paused (labels stay in the buffer)
  --silent               never answer the status query ~HS (a hung printer)
  --refuse               close every connection at once
  --json                 one JSON line per label instead of text
  --help                 this text`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '9100' },
    host: { type: 'string', default: '0.0.0.0' },
    'print-ms': { type: 'string', default: '300' },
    'paper-out-after': { type: 'string' },
    paused: { type: 'boolean', default: false },
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
  paused: values.paused,
  silent: values.silent,
  refuse: values.refuse,
});
simulator.onLabel((label) => {
  if (values.json) {
    console.log(JSON.stringify({ index: label.index, epc: label.epc, fields: label.fields, printed_at: label.printedAt }));
  } else {
    console.log(`#${label.index} EPC ${label.epc ?? '(none)'}  ${label.fields.map((f) => f.trim()).join(' | ')}`);
  }
});
console.log(
  `Printer simulator listening on ${simulator.host}:${simulator.port} (${values['print-ms']} ms per label). Ctrl+C stops it.`,
);
const stop = async () => {
  await simulator.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
