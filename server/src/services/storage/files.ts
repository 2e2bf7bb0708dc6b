import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, ReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errors } from './errors.ts';

export interface WrittenFile {
  tmpPath: string;
  size: number;
  /** Hex md5 of the bytes: the ETag (`"<md5>"`), as upstream's file backend with md5 etags. */
  md5: string;
}

/**
 * Counts and hashes bytes on their way to disk. Past the limit it stops writing and only
 * drains the rest, so the request is read to its end and the client gets the error response
 * instead of a reset connection.
 */
class Meter extends Transform {
  size = 0;
  exceeded = false;
  /** The leading bytes failed the declared type's check: nothing more is written. */
  mismatched = false;
  readonly hash = createHash('md5');
  readonly #limit: number;
  readonly #leading: LeadingBytesCheck | undefined;
  #head: Buffer | null;
  constructor(limit: number, leading?: LeadingBytesCheck) {
    super();
    this.#limit = limit;
    this.#leading = leading;
    this.#head = leading ? Buffer.alloc(0) : null;
  }
  #checkHead(final: boolean): void {
    if (!this.#head || !this.#leading || (!final && this.#head.length < this.#leading.length)) return;
    if (!this.#leading.matches(this.#head)) this.mismatched = true;
    this.#head = null;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.#head) {
      this.#head = Buffer.concat([this.#head, chunk.subarray(0, (this.#leading?.length ?? 0) - this.#head.length)]);
      this.#checkHead(false);
    }
    if (this.exceeded || this.mismatched || this.size > this.#limit) {
      this.exceeded ||= this.size > this.#limit;
      callback();
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }
  override _flush(callback: TransformCallback): void {
    this.#checkHead(true);
    callback();
  }
}

/** What the first bytes of a file declared as a known raster type must look like. */
export interface LeadingBytesCheck {
  length: number;
  matches(head: Buffer): boolean;
  /** Thrown when they do not. */
  error(): Error;
}

/**
 * Object bodies on disk, addressed by version (a uuid per upload, as upstream's object
 * versions): `<root>/objects/<first two chars>/<version>`. Keys never reach the filesystem,
 * so no key can escape the folder; a new upload never overwrites the file a download is
 * reading; a file without a row (crash between the two) is invisible and swept at start.
 */
export class FileStore {
  readonly root: string;
  readonly #tmp: string;
  readonly #objects: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'storage');
    this.#tmp = path.join(this.root, '.tmp');
    this.#objects = path.join(this.root, 'objects');
  }

  async init(): Promise<void> {
    await rm(this.#tmp, { recursive: true, force: true });
    await mkdir(this.#tmp, { recursive: true });
    await mkdir(this.#objects, { recursive: true });
  }

  pathOf(version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.#objects, version.slice(0, 2), version);
  }

  /**
   * Streams `source` to a temp file, hashing and counting; over `limit` bytes → EntityTooLarge;
   * leading bytes that are not the declared type's → the check's error.
   */
  async writeTemp(source: Readable, limit: number, leading?: LeadingBytesCheck): Promise<WrittenFile> {
    const tmpPath = path.join(this.#tmp, randomUUID());
    const meter = new Meter(limit, leading);
    // The source is piped, not part of the pipeline: a failed write (a full disk) must not
    // destroy the request, whose socket still has to carry the error answer.
    const input = new PassThrough();
    // A source that fails (the envelope cut the body at its limit, an S3 body whose checksum or
    // signature does not match) fails the write with its error.
    const onSourceError = (error: Error) => input.destroy(error);
    source.once('error', onSourceError);
    source.pipe(input);
    try {
      await pipeline(input, meter, createWriteStream(tmpPath));
      source.off('error', onSourceError);
      if (meter.exceeded) throw errors.entityTooLarge();
      if (meter.mismatched && leading) throw leading.error();
    } catch (error: unknown) {
      source.off('error', onSourceError);
      source.on('error', () => undefined);
      source.unpipe(input);
      if (source instanceof ReadStream) source.destroy();
      await rm(tmpPath, { force: true });
      throw error;
    } finally {
      source.off('error', onSourceError);
    }
    return { tmpPath, size: meter.size, md5: meter.hash.digest('hex') };
  }

  /** Moves a finished temp file to its version's place. */
  async place(tmpPath: string, version: string): Promise<void> {
    const target = this.pathOf(version);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(tmpPath, target);
  }

  async copy(fromVersion: string, toVersion: string): Promise<void> {
    const target = this.pathOf(toVersion);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(this.pathOf(fromVersion), target);
  }

  async remove(version: string | null | undefined): Promise<void> {
    if (version && /^[0-9a-f-]{36}$/.test(version)) await rm(this.pathOf(version), { force: true });
  }

  async discard(tmpPath: string): Promise<void> {
    await rm(tmpPath, { force: true });
  }

  /** Opens a version for reading, or null when its file is missing. */
  async open(
    version: string | null,
    range?: { start: number; end: number },
  ): Promise<{ stream: ReadStream; size: number; mtime: Date } | null> {
    if (!version || !/^[0-9a-f-]{36}$/.test(version)) return null;
    const file = this.pathOf(version);
    try {
      const info = await stat(file);
      return { stream: createReadStream(file, range), size: info.size, mtime: info.mtime };
    } catch {
      return null;
    }
  }

  async size(version: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(version))).size;
    } catch {
      return null;
    }
  }

  /**
   * Deletes every file whose version no row references (crash leftovers, replaced versions),
   * except recent ones: on a directory shared by several server processes, a file another
   * process is uploading has no row until its upload commits.
   */
  async sweep(referenced: Set<string>, graceMs = 10 * 60_000): Promise<number> {
    let removed = 0;
    const cutoff = Date.now() - graceMs;
    for (const shard of await readdir(this.#objects).catch(() => [] as string[])) {
      const dir = path.join(this.#objects, shard);
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (referenced.has(name)) continue;
        const modified = await stat(path.join(dir, name)).then(
          (s) => s.mtimeMs,
          () => 0,
        );
        if (modified > cutoff) continue;
        await rm(path.join(dir, name), { force: true });
        removed++;
      }
    }
    return removed;
  }
}
