import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Extension } from '@electric-sql/pglite';

/** A regular file of a tar archive. */
export interface TarFile {
  name: string;
  data: Uint8Array;
}

const block = 512;

/** A NUL-terminated ASCII field of a tar header. */
function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return new TextDecoder().decode(end === -1 ? bytes : bytes.subarray(0, end));
}

/**
 * The regular files of an uncompressed tar (POSIX ustar, as PGlite's extension bundles are),
 * named `prefix/name`; folders and other entries are skipped, and a GNU long name ('L') names
 * the entry after it. Throws on an archive cut short.
 */
export function untar(archive: Uint8Array): TarFile[] {
  const files: TarFile[] = [];
  let longName: string | null = null;
  for (let offset = 0; offset + block <= archive.length;) {
    const header = archive.subarray(offset, offset + block);
    if (header.every((byte) => byte === 0)) break;
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const start = offset + block;
    if (start + size > archive.length) throw new Error(`tar: ${field(header, 0, 100)} runs past the end of the archive`);
    const data = archive.subarray(start, start + size);
    offset = start + Math.ceil(size / block) * block;
    if (type === 'L') {
      longName = field(data, 0, data.length);
      continue;
    }
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    longName = null;
    if (type === '0' || type === '\0') files.push({ name: name.replace(/^\.\//, ''), data });
  }
  return files;
}

/** The part of PGlite's Emscripten module a start hook uses. */
interface EmscriptenModule {
  WASM_PREFIX: string;
  FS: {
    analyzePath(path: string): { exists: boolean };
    mkdirTree(path: string): void;
    writeFile(path: string, data: Uint8Array): void;
  };
}

type StartHook = (module: EmscriptenModule) => void;

/**
 * The extension with its library linked when SQL first calls into it, not at every start.
 * PGlite unpacks a bundle it is given and links its library into the running PostgreSQL before
 * the database opens: pgcrypto's 3 MB library cost about 110 ms of CPU of every start (of a
 * server, of a thread replacing one stopped after a statement timeout), though the server's own
 * SQL never calls it. Here the bundle's files are written into PGlite's file system as they are,
 * at the same moment PGlite would have unpacked them; PostgreSQL then loads the library as it
 * does on a server, when a function of it first runs (Emscripten's dlopen reads it from that
 * file system). An extension that does more than provide a bundle is returned as it is.
 */
export function linkedOnFirstUse(extension: Extension): Extension {
  return {
    name: extension.name,
    async setup(pg, emscriptenOpts, clientOnly) {
      const result = await extension.setup(pg, emscriptenOpts, clientOnly);
      const { bundlePath, emscriptenOpts: opts = emscriptenOpts, ...rest } = result;
      const more = Object.values(rest).some((value) => value !== undefined && !(Array.isArray(value) && value.length === 0));
      if (!bundlePath || more) return result;
      const files = untar(gunzipSync(await readFile(bundlePath)));
      const writeFiles: StartHook = (module) => {
        for (const file of files) {
          const target = `${module.WASM_PREFIX}/${file.name}`;
          const folder = target.slice(0, target.lastIndexOf('/'));
          if (!module.FS.analyzePath(folder).exists) module.FS.mkdirTree(folder);
          module.FS.writeFile(target, file.data);
        }
      };
      const options = opts as { preRun?: StartHook[] | StartHook } | undefined;
      const preRun = options?.preRun === undefined ? [] : [options.preRun].flat();
      return { emscriptenOpts: { ...options, preRun: [...preRun, writeFiles] } };
    },
  };
}
