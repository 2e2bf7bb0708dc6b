import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { applyBootstrap, applyProject } from '../../server/src/db/migrate.ts';
import { makePgliteTemplate, pgliteTemplatePath, projectExtensions, saveTemplate } from '../../server/src/db/open.ts';
import { PgliteDatabase } from '../../server/src/db/pglite.ts';
import { loadConfig, tomlValue } from '../../server/src/lib/config.ts';
import { silentLogger } from '../../server/src/lib/log.ts';
import { cacheDir } from '../../server/src/lib/package-paths.ts';
import { bootServer } from '../../server/src/server.ts';

/**
 * A PGlite cluster with the bootstrap and the project's migrations applied (with the grants the
 * project's config.toml gives new tables), as a tarball a test server's new cluster is unpacked
 * from (ServerConfig.pgliteTemplate, decision 434): applying the app's migrations is about 1.5 s
 * of every boot on a fresh database, and almost every test file boots one. The seed is not in
 * it: a server asked to seed still seeds its new cluster. Made once per bootstrap and
 * migrations, by whichever test process needs it first; concurrent makers each write a whole
 * file and the last rename wins.
 */
const made = new Map<string, Promise<string>>();

export function pgliteProjectTemplate(projectDir: string): Promise<string> {
  // Once per process: a test file boots several servers, and the migrations do not change under it.
  let template = made.get(projectDir);
  if (!template) made.set(projectDir, (template = makeProjectTemplate(projectDir)));
  return template;
}

/** The grants new tables get while the migrations run, as the server's boot decides them. */
function autoExposeNewTables(projectDir: string): boolean {
  return tomlValue(loadConfig({ projectDir }, {}).toml, 'api.auto_expose_new_tables', true);
}

async function makeProjectTemplate(projectDir: string): Promise<string> {
  const migrationsDir = path.join(projectDir, 'migrations');
  const autoExpose = autoExposeNewTables(projectDir);
  const hash = createHash('sha256').update(path.basename(pgliteTemplatePath())).update(String(autoExpose));
  for (const file of readdirSync(migrationsDir).sort())
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(path.join(migrationsDir, file)));
  const template = path.join(cacheDir, `pglite-project-${hash.digest('hex').slice(0, 16)}.tgz`);
  if (existsSync(template)) return template;
  const db = await PgliteDatabase.open('memory://', await makePgliteTemplate(), projectExtensions(projectDir));
  try {
    await applyBootstrap(db);
    await applyProject(db, projectDir, { seed: false, autoExposeNewTables: autoExpose });
    await saveTemplate(template, await db.dump());
  } finally {
    await db.close();
  }
  return template;
}

/**
 * Under `npm test`, a folder of the run (scripts/test.ts) where stopped clusters are kept for
 * test servers to copy their new cluster from (decision 446); unset, a server unpacks a tarball.
 */
const runClusters = process.env.PINSTAR_TEST_CLUSTERS;

/** How a test server on PGlite starts its new cluster: ServerConfig.pgliteTemplate, and seed when it changes. */
export interface PgliteStart {
  pgliteTemplate?: string;
  seed?: boolean;
  /**
   * A stopped server's whole data dir (its cluster, the stored files of the configured buckets'
   * objects) that the new data dir starts as a copy of: the server then boots as on a restart.
   */
  dataDirTemplate?: string;
}

/**
 * The app's own project starts from the cluster its migrations were applied to once. Under
 * `npm test` it starts from a copy of a whole data dir a server booted on once in the run, with
 * the seed or without (decision 459): the cluster, and the stored files of the buckets' objects
 * the server uploaded at that first boot, so that it boots as on a restart instead of uploading
 * them again. Made once per run, never kept longer: the seed dates its rows from now(). Another
 * project starts from the bootstrap's cluster, and the server applies its migrations.
 */
export async function pgliteStart(projectDir: string, isAppProject: boolean, seed: boolean): Promise<PgliteStart> {
  if (!isAppProject)
    return runClusters ? { pgliteTemplate: await runCluster('bootstrap', await makePgliteTemplate(), '/nonexistent') } : {};
  const tarball = await pgliteProjectTemplate(projectDir);
  if (!runClusters) return { pgliteTemplate: tarball };
  const name = `${path.basename(tarball, '.tgz')}-data-dir${seed ? '-seeded' : ''}`;
  return { dataDirTemplate: await runDataDir(name, tarball, projectDir, seed) };
}

/** What the run's folder holds, by name: each made once per process, and once per run on disk. */
const runFolder = new Map<string, Promise<string>>();

/**
 * `name` in the run's folder, made by `fill` unless it is there: filled under a name of its own
 * and renamed into place, so test processes starting at the same moment each make a whole one
 * and the first one renamed is used. `marker` is a file only a whole one has.
 */
function inRunFolder(name: string, marker: string, fill: (partial: string) => Promise<void>): Promise<string> {
  let folder = runFolder.get(name);
  if (!folder) runFolder.set(name, (folder = makeInRunFolder(path.join(runClusters!, name), marker, fill)));
  return folder;
}

async function makeInRunFolder(folder: string, marker: string, fill: (partial: string) => Promise<void>): Promise<string> {
  const ready = () => existsSync(path.join(folder, marker));
  if (ready()) return folder;
  const partial = mkdtempSync(`${folder}.partial-`);
  try {
    await fill(partial);
    await rename(partial, folder).catch((error: unknown) => {
      if (!ready()) throw error;
    });
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return folder;
}

/** A stopped server's data dir in the run's folder, booted once on `tarball` with the seed or without. */
function runDataDir(name: string, tarball: string, projectDir: string, seed: boolean): Promise<string> {
  return inRunFolder(name, 'db/PG_VERSION', async (partial) => {
    const booted = await bootServer({
      projectDir,
      port: 0,
      dataDir: partial,
      env: { ...process.env, DATABASE_URL: '' },
      log: silentLogger,
      override: { logRequests: false, pgliteTemplate: tarball, seed, dbSettingDefaults: { shared_buffers: '16MB' } },
    });
    await booted.close();
  });
}

/** A stopped cluster in the run's folder, unpacked from a tarball, made once per run. */
function runCluster(name: string, tarball: string, projectDir: string): Promise<string> {
  return inRunFolder(name, 'PG_VERSION', async (partial) => {
    const db = await PgliteDatabase.open(partial, tarball, projectExtensions(projectDir));
    await db.close();
  });
}
