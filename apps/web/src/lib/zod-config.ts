import { config } from 'zod/v4/core';

// The Content-Security-Policy has no 'unsafe-eval': Zod is told not to try compiling its parsers with `new Function`
// (it would catch the refusal and fall back, but the browser still reports a CSP violation). Zod keeps this setting on
// `globalThis`, so setting it from Zod's small core module holds for the schemas of the chunks that load Zod later.
config({ jitless: true });
