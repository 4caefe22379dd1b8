/**
 * Where the stand-in keeps the bytes of the files it is sent: one file each in a folder beside
 * its database, named by the attachment's id, as WordPress writes an upload under
 * `wp-content/uploads` and keeps only its name, size and details in its database. Storing each
 * 10 MB file as a BLOB in SQLite cost 15 to 20 ms of CPU a file (BENCHMARKS.md, "Files end to
 * end"); written as a file, it is one copy into the page cache.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The stored files' bytes, by attachment id. */
export interface FileShelf {
  /** Writes the bytes of attachment `id`, replacing any a crash left under that id. */
  put(id: number, bytes: Uint8Array): void;
  /** The bytes of attachment `id`, or `undefined` when none were written. */
  get(id: number): Buffer | undefined;
  /** Removes every file. */
  clear(): void;
}

/**
 * The shelf of the database at `databasePath`: the folder `<database>-files` beside it, as
 * SQLite's own `-wal` and `-shm` files sit beside it.
 */
export function shelfBeside(databasePath: string): FileShelf {
  const dir = `${databasePath}-files`;
  mkdirSync(dir, { recursive: true });
  const pathOf = (id: number) => join(dir, String(id));
  return {
    put(id, bytes) {
      // Synchronous: the row naming the file commits only once its bytes are written, and a
      // write into the page cache costs less CPU than a hand-off to another thread.
      writeFileSync(pathOf(id), bytes);
    },
    get(id) {
      try {
        return readFileSync(pathOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    clear() {
      for (const name of readdirSync(dir)) rmSync(join(dir, name), { force: true });
    },
  };
}
