// Loaded into the server with `node --import ./tools/bench/mem-probe.mjs` (api-memory.mjs): on SIGUSR2 it writes the
// process's own view of its memory to $MEM_PROBE_OUT as JSON: process.memoryUsage(), v8.getHeapStatistics(), the heap
// spaces, and the WebAssembly memories made since start (PGlite's), which it counts by wrapping WebAssembly.Memory.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const memories = [];
const Original = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(Original, {
  construct(target, args) {
    const memory = Reflect.construct(target, args);
    memories.push(new WeakRef(memory));
    return memory;
  },
});
process.on('SIGUSR2', () => {
  // With --expose-gc (api-memory.mjs --gc): what is still referenced, not garbage waiting for a collection.
  globalThis.gc?.();
  const wasm = memories.map((ref) => ref.deref()?.buffer.byteLength ?? 0);
  writeFileSync(
    process.env.MEM_PROBE_OUT ?? '/dev/stderr',
    JSON.stringify({
      memoryUsage: process.memoryUsage(),
      heap: v8.getHeapStatistics(),
      spaces: v8.getHeapSpaceStatistics().map((s) => ({ name: s.space_name, used: s.space_used_size, size: s.space_size })),
      wasmMemories: wasm,
      // The event loop's delay since start (ms): how long the process went without coming back to its timers.
      eventLoopDelayMs: { max: loopDelay.max / 1e6, p99: loopDelay.percentile(99) / 1e6, mean: loopDelay.mean / 1e6 },
    }),
  );
});
