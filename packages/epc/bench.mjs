// Micro benchmark of the EPC codec (not a test: it only prints ns/op). Build first: npx tsc -b packages/epc
// Usage: node packages/epc/bench.mjs
import { createRequire } from 'node:module';
import {
  decodeEpc,
  encodeGiai96,
  encodeSgtin96,
  encodeSgtin198,
  encodeSscc96,
  gtinCheckDigit,
  parseGs1ElementString,
  tryDecodeEpc,
  uriToHex,
} from './dist/index.js';

const require = createRequire(import.meta.url);
let epcTds;
try {
  epcTds = require('epc-tds');
} catch {
  epcTds = undefined;
}

const N = 20_000;
const gtins = Array.from({ length: 100 }, (_, i) => {
  const body = `0${String(8_400_000_000 + i * 7919).padStart(12, '0')}`;
  return body + gtinCheckDigit(body);
});
const sgtin96 = Array.from({ length: N }, (_, i) =>
  encodeSgtin96({ gtin: gtins[i % 100], serial: 1_000_000 + i * 13, companyPrefixLength: 7 }),
);
const sgtin198 = Array.from({ length: N }, (_, i) =>
  encodeSgtin198({ gtin: gtins[i % 100], serial: `AB-${i}/x`, companyPrefixLength: 7 }),
);
const sscc96 = Array.from({ length: N }, (_, i) => {
  const body = `1${String(614141).padStart(7, '0')}${String(i).padStart(9, '0')}`;
  return encodeSscc96({ sscc: body + gtinCheckDigit(body), companyPrefixLength: 7 });
});
const giai96 = Array.from({ length: N }, (_, i) =>
  encodeGiai96({ companyPrefix: '0614141', individualAssetReference: BigInt(i) * 123_456_789_013n }),
);
const junk = Array.from({ length: N }, (_, i) => (i % 2 ? 'E2801160600002054D5A' : '307C257BF7194E4000001A85'));
const tagUris = sgtin96.slice(0, 2000).map((hex) => decodeEpc(hex).tagUri);
const elementStrings = gtins.map((g, i) => `]d201${g}17261231` + `10LOT${i}\u001d21S${i}`);

function bench(name, inputs, fn) {
  let sink = 0;
  // warm up, then take the best of 5 rounds of at least ~200 ms
  for (let i = 0; i < inputs.length; i++) sink += fn(inputs[i]) ? 1 : 0;
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    let ops = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0n;
    while (elapsed < 200_000_000n) {
      for (let i = 0; i < inputs.length; i++) sink += fn(inputs[i]) ? 1 : 0;
      ops += inputs.length;
      elapsed = process.hrtime.bigint() - start;
    }
    best = Math.min(best, Number(elapsed) / ops);
  }
  console.log(
    `${name.padEnd(42)} ${best.toFixed(0).padStart(6)} ns/op  ${(1e9 / best / 1e6).toFixed(2).padStart(6)} M ops/s${sink < 0 ? '' : ''}`,
  );
}

console.log(`node ${process.version}, ${N} distinct EPCs per scheme`);
bench('decodeEpc sgtin-96', sgtin96, (h) => decodeEpc(h).gtin);
bench(
  'decodeEpc sgtin-96 (lowercase input)',
  sgtin96.map((h) => h.toLowerCase()),
  (h) => decodeEpc(h).gtin,
);
bench('decodeEpc sgtin-198', sgtin198, (h) => decodeEpc(h).gtin);
bench('decodeEpc sscc-96', sscc96, (h) => decodeEpc(h).sscc);
bench('decodeEpc giai-96 (BigInt above 2^53)', giai96, (h) => decodeEpc(h).individualAssetReference);
bench('tryDecodeEpc junk (null)', junk, (h) => tryDecodeEpc(h));
bench('encodeSgtin96', gtins, (g) => encodeSgtin96({ gtin: g, serial: 123_456_789, companyPrefixLength: 7 }));
bench('uriToHex tag URI sgtin-96', tagUris, (u) => uriToHex(u));
bench('parseGs1ElementString raw', elementStrings, (s) => parseGs1ElementString(s).gtin);
if (epcTds) bench('(reference) epc-tds valueOf+getGtin sgtin-96', sgtin96, (h) => epcTds.valueOf(h).getGtin());
