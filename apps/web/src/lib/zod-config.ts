// The Content-Security-Policy has no 'unsafe-eval': Zod is told not to try compiling its parsers with `new Function`
// (it would catch the refusal and fall back, but the browser still reports a CSP violation). Zod reads its settings
// from `globalThis.__zod_globalConfig` (zod/v4/core `config()` writes there too), so setting that object here, before
// any chunk loads Zod, holds for every schema; the entry does not load Zod itself (issue 15: no Zod in the first page).
// zod-config.test.ts checks that Zod's `config()` sees it.
const target = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
target.__zod_globalConfig = { ...target.__zod_globalConfig, jitless: true };

export {};
