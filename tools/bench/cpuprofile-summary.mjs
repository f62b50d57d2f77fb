// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by package/module, in % of the samples.
//   node tools/bench/cpuprofile-summary.mjs <file.cpuprofile> [top N]
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
const total = profile.samples.length;

/** node_modules/<pkg> (or @scope/pkg), our source file, node: internals, or V8's own entries. */
const moduleOf = (url) => {
  if (!url) return '(native / V8)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 13).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (url.startsWith('node:')) return 'node: internals';
  const dist = url.indexOf('/dist/');
  return dist >= 0
    ? `app ${url
        .slice(dist + 6)
        .split('/')
        .slice(0, 2)
        .join('/')}`
    : url;
};

const byFunction = new Map();
const byModule = new Map();
for (const [id, n] of counts) {
  const { callFrame } = byId.get(id);
  const mod = moduleOf(callFrame.url);
  const file = callFrame.url.split('/').pop();
  const fn = `${callFrame.functionName || '(anonymous)'} ${mod}${callFrame.url ? ` ${file}:${callFrame.lineNumber + 1}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + n);
  byModule.set(mod, (byModule.get(mod) ?? 0) + n);
}
const print = (title, map) => {
  console.log(`\n${title} (${total} samples)`);
  for (const [key, n] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * n) / total).toFixed(1).padStart(5)} %  ${key}`);
};
print('self time by function', byFunction);
print('self time by package / module', byModule);
