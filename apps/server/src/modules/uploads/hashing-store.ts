import { createHash, type Hash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { DataStore, type Upload } from '@tus/server';
import type { UploadArea } from './upload-area';

export interface HashingStoreEvents {
  /** After each PATCH: how many bytes the store holds now. */
  onReceived(id: string, offset: number): Promise<void>;
  /** When the last byte is stored: the whole file's SHA-256. */
  onFinished(id: string, sha256: string): Promise<void>;
  /** After the tus client deleted (cancelled) an upload. */
  onRemoved(id: string): Promise<void>;
}

/** The SHA-256 of an upload's first `bytes` bytes. */
interface RunningHash {
  hash: Hash;
  bytes: number;
}

/**
 * The upload area's tus data store, with each PATCH's bytes passing through a SHA-256 on their
 * way in, so a finished upload's hash is known without reading it again. The running hash is
 * kept per upload in this process; when it is missing or does not end where the PATCH starts
 * (the store restarted, another process took a PATCH, a PATCH stored fewer bytes than it
 * read), it is rebuilt by reading the stored prefix once. Where the prefix cannot be read back
 * (S3 multipart parts), the finished file is read once instead.
 */
export class HashingStore extends DataStore {
  private readonly hashes = new Map<string, RunningHash>();

  constructor(
    private readonly area: UploadArea,
    private readonly events: HashingStoreEvents,
  ) {
    super();
    this.extensions = area.datastore.extensions;
  }

  override create(upload: Upload) {
    this.hashes.set(upload.id, { hash: createHash('sha256'), bytes: 0 });
    return this.area.datastore.create(upload);
  }

  override getUpload(id: string) {
    return this.area.datastore.getUpload(id);
  }

  override declareUploadLength(id: string, length: number) {
    return this.area.datastore.declareUploadLength(id, length);
  }

  override getExpiration() {
    return this.area.datastore.getExpiration();
  }

  override deleteExpired() {
    return this.area.datastore.deleteExpired();
  }

  override async remove(id: string) {
    this.hashes.delete(id);
    await this.area.datastore.remove(id);
    await this.events.onRemoved(id);
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const { size } = await this.area.datastore.getUpload(id);
    const before = await this.hashUpTo(id, offset);
    // A copy: if the store keeps fewer bytes than passed through, the hash it had is still right.
    const candidate = before?.copy();
    let counted = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        candidate?.update(chunk);
        counted += chunk.length;
        callback(null, chunk);
      },
    });
    stream.once('error', (error) => tap.destroy(error));
    let newOffset: number;
    try {
      newOffset = await this.area.datastore.write(stream.pipe(tap), id, offset);
    } catch (error) {
      this.hashes.delete(id);
      throw error;
    }
    if (candidate && newOffset === offset + counted) this.hashes.set(id, { hash: candidate, bytes: newOffset });
    else this.hashes.delete(id);
    await this.events.onReceived(id, newOffset);
    if (size === newOffset) await this.finish(id, newOffset);
    return newOffset;
  }

  private async finish(id: string, size: number) {
    const running = this.hashes.get(id);
    this.hashes.delete(id);
    const sha256 = running?.bytes === size ? running.hash.digest('hex') : await hashOf(await this.area.read(id));
    await this.events.onFinished(id, sha256);
  }

  /** The running hash of the upload's first `offset` bytes, rebuilt from the stored bytes when needed. */
  private async hashUpTo(id: string, offset: number): Promise<Hash | undefined> {
    const running = this.hashes.get(id);
    if (running?.bytes === offset) return running.hash;
    if (offset === 0) return createHash('sha256');
    const prefix = this.area.readPrefix(id, offset);
    if (!prefix) return undefined;
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of prefix) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
    return bytes === offset ? hash : undefined;
  }
}

async function hashOf(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
