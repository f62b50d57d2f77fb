import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropTemplates } from './template-db.js';

/**
 * Vitest global setup: a folder for this run's database templates (template-db.ts), handed to the test processes in
 * TEST_TEMPLATE_DIR (once a run, whichever project starts first); at the end the PostgreSQL templates are dropped and the folder removed.
 */
export default function setup() {
  // Every project that names this file runs it in the one main process: the first makes the folder, the others use it.
  if (process.env.TEST_TEMPLATE_DIR && process.env.TEST_TEMPLATE_SETUP_PID === String(process.pid)) return;
  process.env.TEST_TEMPLATE_SETUP_PID = String(process.pid);
  const dir = mkdtempSync(path.join(tmpdir(), 'rfid-test-templates-'));
  process.env.TEST_TEMPLATE_DIR = dir;
  return async () => {
    await dropTemplates(dir, process.env.TEST_DATABASE_URL);
  };
}
