/**
 * The SQLite store's files' bytes, as the binder asks for them (`FileBytes`): each file is a
 * file of the vault (`file-vault.ts`) named by its row's `blob`. The names of the files a write
 * lets go of are read in the same group commit, just before it; the files are removed once it
 * has committed, so a write that fails or rolls back never loses a file its rows still name.
 */
import type { FileBytes, FileSelection } from '../binder.ts';
import { all, type Plan } from '../machine/plan.ts';
import { asPromise } from '../rows.ts';
import type { FileVault } from './file-vault.ts';
import type { GroupWrite } from './group-commit.ts';

/** The vault's bytes, found by the rows `execute` reads; writes go through `write`. */
export function vaultBytes(
  vault: FileVault,
  execute: <T>(plan: Plan<T>) => T,
  write: GroupWrite,
): FileBytes {
  const filesOf = (which: FileSelection) =>
    execute(
      all<{ blob: string; size: number }>(
        `SELECT blob, size FROM files WHERE ${which.where}`,
        which.params,
      ),
    );
  const remove = async (blobs: readonly string[]) => {
    await Promise.all(blobs.map((blob) => vault.remove(blob)));
  };
  async function dropping<T>(
    plan: Plan<T>,
    which: FileSelection,
    gone: (result: T) => boolean = () => true,
  ): Promise<T> {
    const { blobs, result } = await write(() => ({
      blobs: filesOf(which).map((row) => row.blob),
      result: execute(plan),
    }));
    if (gone(result)) await remove(blobs);
    return result;
  }

  return {
    source: (id, index) =>
      asPromise(() => {
        const [row] = filesOf({
          where: 'submission_id = @id AND idx = @index',
          params: { id, index },
        });
        if (!row)
          throw new Error(`outbox has no file ${String(index)} for submission ${String(id)}`);
        return vault.source(row.blob, row.size);
      }),
    dropBytes: dropping,
    dropWithRows: dropping,
    async removeOrphans(before) {
      const named = new Set(filesOf({ where: '1 = 1', params: {} }).map((row) => row.blob));
      const orphans = vault.names(before).filter((name) => !named.has(name));
      await remove(orphans);
      return orphans.length;
    },
  };
}
