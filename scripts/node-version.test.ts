// The Node.js check of `npm start` and `npm test` (scripts/node-version.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isNodeTooOld, nodeMajor, projectNode, requiredMajor } from './node-version.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the Node.js version check', () => {
  it('compares majors as numbers, not as text', () => {
    expect(isNodeTooOld('v20.20.2', 26)).toBe(true);
    expect(isNodeTooOld('25.9.0', 26)).toBe(true);
    expect(isNodeTooOld('v26.0.0', 26)).toBe(false);
    expect(isNodeTooOld('v26.12.1', 26)).toBe(false);
    expect(isNodeTooOld('27.1.0', 26)).toBe(false);
    // "100" sorts before "26" as text.
    expect(isNodeTooOld('v100.0.0', 26)).toBe(false);
    expect(isNodeTooOld('v3.0.0', 26)).toBe(true);
  });

  it('reads the major of a version and of an engines range, refusing what it cannot read', () => {
    expect(nodeMajor('v24.22.3')).toBe(24);
    expect(requiredMajor('>=26')).toBe(26);
    expect(requiredMajor('>= 24.1.0')).toBe(24);
    expect(() => nodeMajor('latest')).toThrow(/Not a Node.js version/);
    expect(() => requiredMajor('^26 || ^28')).toThrow(/>=<major>/);
  });

  it('package.json, .nvmrc and this Node agree', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    const nvmrc = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
    const node = projectNode(root);
    // The version CI fetches is exact (x.y.z) and of the major the engines require.
    expect(nvmrc).toMatch(/^\d+\.\d+\.\d+$/);
    expect(`>=${nodeMajor(nvmrc)}`).toBe(pkg.engines.node);
    expect(node).toEqual({ major: nodeMajor(nvmrc), exact: nvmrc });
    // The suite itself runs on a Node the project admits.
    expect(isNodeTooOld(process.versions.node, node.major)).toBe(false);
  });

  it('stops a command on an older Node with the version needed and how to get it, in English and Spanish', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'node-version-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ engines: { node: '>=99' } }));
      writeFileSync(path.join(dir, '.nvmrc'), '99.1.2\n');
      const script = [
        `import { exitIfNodeTooOld, projectNode } from ${JSON.stringify(path.join(root, 'scripts/node-version.mjs'))};`,
        `exitIfNodeTooOld(process.versions.node, projectNode(${JSON.stringify(dir)}));`,
        "console.log('went on');",
      ].join('\n');
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      expect(result.status).toBe(1);
      expect(result.stdout).not.toContain('went on');
      expect(result.stderr).toContain(`This project needs Node.js 99 or newer; this is Node.js v${process.versions.node}.`);
      expect(result.stderr).toContain(
        `Este proyecto necesita Node.js 99 o posterior; este es Node.js v${process.versions.node}.`,
      );
      expect(result.stderr).toContain('source scripts/ensure-node.sh');
      expect(result.stderr).toContain('Node.js 99.1.2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets a command go on on a Node new enough', () => {
    const script = [
      `import { exitIfNodeTooOld } from ${JSON.stringify(path.join(root, 'scripts/node-version.mjs'))};`,
      `exitIfNodeTooOld(process.versions.node, { major: ${nodeMajor(process.versions.node)}, exact: 'x' });`,
      "console.log('went on');",
    ].join('\n');
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('went on\n');
    expect(result.status).toBe(0);
  });
});
