import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip' | 'identity';

const compressible = /^(text\/|application\/(json|javascript|geo\+json|manifest\+json)|image\/svg\+xml)/;

/** The best encoding the client accepts (brotli, then gzip), for types worth compressing. */
export function chooseEncoding(acceptEncoding: string | undefined, contentType: string, size: number): Encoding {
  if (size < 1024 || !compressible.test(contentType) || !acceptEncoding) return 'identity';
  const accepted = acceptEncoding
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q === undefined || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name);
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip') || accepted.includes('*')) return 'gzip';
  return 'identity';
}

/**
 * Compressed copies of the built app's files, made once per file version: the assets are
 * immutable, so the cost is paid on the first request only.
 */
export class CompressionCache {
  readonly #entries = new Map<string, Promise<Buffer>>();

  /**
   * The compressed bytes of `key` at `version`; `load` reads the original only on a miss.
   * `precompressed` reads the build's own copy in that encoding (`<file>.br`, made at the
   * highest quality when the app was built), or null to compress here.
   */
  get(
    key: string,
    version: number,
    encoding: Exclude<Encoding, 'identity'>,
    load: () => Promise<Buffer>,
    precompressed: () => Promise<Buffer | null> = () => Promise.resolve(null),
  ): Promise<Buffer> {
    const id = `${encoding}:${version}:${key}`;
    let entry = this.#entries.get(id);
    if (!entry) {
      const compress = (body: Buffer) =>
        encoding === 'br'
          ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
          : gzipAsync(body, { level: 9 });
      entry = precompressed().then((ready) => ready ?? load().then(compress));
      entry.catch(() => this.#entries.delete(id));
      this.#entries.set(id, entry);
    }
    return entry;
  }
}
