// The Node.js check that `npm start` and `npm test` make first: on a Node older than package.json's `engines`,
// they stop at once saying (in English and Spanish) which version is needed and how to get it (docs/node.md).
// The scripts it guards import their modules before the check runs: those must still load on an old Node (20, 22).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The major of a Node version such as `v20.20.2` or `26.12.1`. */
export const nodeMajor = (version) => {
  const match = /^v?(\d+)\./.exec(version.trim());
  if (!match) throw new Error(`Not a Node.js version: ${version}`);
  return Number(match[1]);
};

/** The lowest major an `engines.node` range of the form `>=26` (or `>=26.1.0`) admits. */
export const requiredMajor = (range) => {
  const match = /^>=\s*v?(\d+)(\.\d+){0,2}$/.exec(range.trim());
  if (!match) throw new Error(`engines.node should read ">=<major>", not "${range}"`);
  return Number(match[1]);
};

/** Whether `version` is older than the `required` major. */
export const isNodeTooOld = (version, required) => nodeMajor(version) < required;

/** The project's requirement: the major from package.json's engines, the exact version CI fetches from .nvmrc. */
export const projectNode = (dir = root) => ({
  major: requiredMajor(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).engines.node),
  exact: readFileSync(path.join(dir, '.nvmrc'), 'utf8').trim().replace(/^v/, ''),
});

/** The message for a Node that is too old, English first, then Spanish. */
export const tooOldMessage = (version, { major, exact }) =>
  [
    `This project needs Node.js ${major} or newer; this is Node.js v${version.replace(/^v/, '')}.`,
    `  Get Node.js ${exact} in this shell with:  source scripts/ensure-node.sh`,
    '  (or with nvm: nvm install && nvm use, which read .nvmrc). See docs/node.md.',
    `Este proyecto necesita Node.js ${major} o posterior; este es Node.js v${version.replace(/^v/, '')}.`,
    `  Obtenga Node.js ${exact} en esta consola con:  source scripts/ensure-node.sh`,
    '  (o con nvm: nvm install && nvm use, que leen .nvmrc). Véase docs/node.md.',
  ].join('\n');

/** Stops the process with the message when `version` (this Node's by default) is too old. */
export const exitIfNodeTooOld = (version = process.versions.node, requirement = projectNode()) => {
  if (!isNodeTooOld(version, requirement.major)) return;
  console.error(tooOldMessage(version, requirement));
  process.exit(1);
};
