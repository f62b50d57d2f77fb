// `npm run build` (after tsc): writes dist/pgdata-migrated.tar.gz, the migrated empty database (db/prebuilt.ts).
import { openDatabase } from './client.js';
import { PREBUILT_FILE, writePrebuilt } from './prebuilt.js';

const database = await openDatabase({ inMemory: true });
try {
  await writePrebuilt(database);
  console.log(`Prebuilt embedded database written: ${PREBUILT_FILE}`);
} finally {
  await database.close();
}
