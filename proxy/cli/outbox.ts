/** `npm run outbox -- <command>`: see `outbox-command.ts` for the commands. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { withEnvFile } from '../env-file.ts';
import { openSqliteOutbox } from '../outbox/sqlite-store.ts';
import { runOutboxCommand, USAGE } from './outbox-command.ts';

// The same env file as the proxy's, so DATA_DIR is found without being set twice.
const dataDir = withEnvFile(process.env).env.DATA_DIR || './data';
const path = join(dataDir, 'outbox.sqlite');
const args = process.argv.slice(2);

if (args.length === 0 || args[0] === 'help' || args[0] === '--help') {
  console.log(USAGE);
} else if (!existsSync(path)) {
  console.error(`There is no outbox at ${path}: set DATA_DIR to the proxy's data directory.`);
  process.exitCode = 1;
} else {
  const store = openSqliteOutbox(path);
  try {
    process.exitCode = await runOutboxCommand(args, store, {
      out: (line) => {
        console.log(line);
      },
      err: (line) => {
        console.error(line);
      },
      now: Date.now,
    });
  } finally {
    await store.close();
  }
}
