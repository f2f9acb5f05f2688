import { readLocalFile, type FileStorage } from './file-storage';
import type { FilesRepository } from './files.repository';

/**
 * With a bucket configured, every file the catalogue sells that the bucket lacks (HeadObject)
 * but `DATA_DIR/files` has is uploaded at start: the seed catalogue's generated files, and a
 * store moving from local files to a bucket. A file in neither place is reported, not invented.
 */
export async function uploadMissingFiles(
  repository: FilesRepository,
  storage: FileStorage,
  localDir: string,
): Promise<{ uploaded: string[]; missing: string[] }> {
  const uploaded: string[] = [];
  const missing: string[] = [];
  if (storage.driver === 'local') return { uploaded, missing };
  for (const storageKey of await repository.listStorageKeys()) {
    if (await storage.exists(storageKey)) continue;
    const bytes = await readLocalFile(localDir, storageKey);
    if (!bytes) {
      missing.push(storageKey);
      continue;
    }
    await storage.put(storageKey, bytes);
    uploaded.push(storageKey);
  }
  return { uploaded, missing };
}
