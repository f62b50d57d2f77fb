// `npm start`: build what is needed, then migrate, seed the demo on an empty database and serve.
import { buildIfNeeded, root, run } from './lib.mjs';

const built = await buildIfNeeded();
if (built !== 0) process.exit(built);
process.exitCode = await run('node', ['apps/server/dist/main.js'], { cwd: root });
