import { z } from 'zod';

// The Content-Security-Policy has no 'unsafe-eval': Zod is told not to try compiling its parsers with `new Function`
// (it would catch the refusal and fall back, but the browser still reports a CSP violation).
z.config({ jitless: true });
