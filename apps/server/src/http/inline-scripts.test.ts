import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts.js';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes the inline scripts a browser runs, byte for byte, and nothing else', () => {
    const boot = 'var e=`bionix`;document.title=e;\n';
    const html = [
      '<html><head>',
      `<script type="module">${boot}</script>`,
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<script type="application/json" id="route-preloads">{"a":1}</script>',
      '<script>console.log(1)</script>',
      '</head><body></body></html>',
    ].join('\n');
    // Known answers for the two texts, not the function's own.
    expect(sha256('console.log(1)')).toBe("'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='");
    expect(inlineScriptHashes(html)).toEqual([sha256(boot), "'sha256-CihokcEcBW4atb/CW/XWsvWwbTjqwQlE9nj9ii5ww5M='"]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><script type="application/json">{}</script>')).toEqual([]);
  });
});
