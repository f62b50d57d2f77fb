import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropTemplates } from './template-db.js';

/**
 * Vitest global setup: a folder for this run's database templates (template-db.ts), handed to the test processes in
 * TEST_TEMPLATE_DIR; at the end the PostgreSQL templates are dropped and the folder removed.
 */
export default function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), 'rfid-test-templates-'));
  process.env.TEST_TEMPLATE_DIR = dir;
  return async () => {
    await dropTemplates(dir, process.env.TEST_DATABASE_URL);
  };
}
