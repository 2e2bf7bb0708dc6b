import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { applyBootstrap, applyProject } from '../../server/src/db/migrate.ts';
import { makePgliteTemplate, pgliteTemplatePath, projectExtensions, saveTemplate } from '../../server/src/db/open.ts';
import { PgliteDatabase } from '../../server/src/db/pglite.ts';
import { loadConfig, tomlValue } from '../../server/src/lib/config.ts';
import { cacheDir } from '../../server/src/lib/package-paths.ts';

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

async function makeProjectTemplate(projectDir: string): Promise<string> {
  const migrationsDir = path.join(projectDir, 'migrations');
  // The grants new tables get while the migrations run, as the server's boot decides them.
  const autoExposeNewTables = tomlValue(loadConfig({ projectDir }, {}).toml, 'api.auto_expose_new_tables', true);
  const hash = createHash('sha256').update(path.basename(pgliteTemplatePath())).update(String(autoExposeNewTables));
  for (const file of readdirSync(migrationsDir).sort())
    if (file.endsWith('.sql')) hash.update(file).update(readFileSync(path.join(migrationsDir, file)));
  const template = path.join(cacheDir, `pglite-project-${hash.digest('hex').slice(0, 16)}.tgz`);
  if (existsSync(template)) return template;
  const db = await PgliteDatabase.open('memory://', await makePgliteTemplate(), projectExtensions(projectDir));
  try {
    await applyBootstrap(db);
    await applyProject(db, projectDir, { seed: false, autoExposeNewTables });
    await saveTemplate(template, await db.dump());
  } finally {
    await db.close();
  }
  return template;
}
