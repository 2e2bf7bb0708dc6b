/**
 * `npm run gen:types`: boots the project's database (PGlite in a temporary folder, bootstrap
 * plus supabase/migrations, no seed, no HTTP) and writes web/src/lib/database.types.ts in the
 * format of `supabase gen types typescript` (supabase/postgres-meta
 * src/server/templates/typescript.ts): Database → public → Tables / Views / Functions / Enums /
 * CompositeTypes, with Row / Insert / Update / Relationships, the Tables/Enums helpers and the
 * Constants object. `tests/data/types.test.ts` fails when the committed file is stale.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import prettier from 'prettier';
import { applyProject } from '../server/src/db/migrate.ts';
import { openDatabase } from '../server/src/db/open.ts';
import type { Database, Tx } from '../server/src/db/types.ts';
import { readCatalog, type Catalog, type Column } from './gen-types-catalog.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const typesFile = path.join(repoRoot, 'web/src/lib/database.types.ts');
const schema = 'public';

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

function tsType(typname: string, catalog: Catalog): string {
  if (typname === 'bool') return 'boolean';
  if (['int2', 'int4', 'int8', 'float4', 'float8', 'numeric'].includes(typname)) return 'number';
  if (
    ['bytea', 'bpchar', 'varchar', 'date', 'text', 'citext', 'time', 'timetz', 'timestamp', 'timestamptz', 'uuid', 'vector'].includes(
      typname,
    )
  ) {
    return 'string';
  }
  if (typname === 'json' || typname === 'jsonb') return 'Json';
  if (typname === 'void') return 'undefined';
  if (typname === 'record') return 'Record<string, unknown>';
  if (typname.startsWith('_')) return `(${tsType(typname.slice(1), catalog)})[]`;
  if (catalog.enums.some((e) => e.name === typname)) return `Database["${schema}"]["Enums"][${JSON.stringify(typname)}]`;
  if (catalog.composites.some((c) => c.name === typname)) return `Database["${schema}"]["CompositeTypes"][${JSON.stringify(typname)}]`;
  if (catalog.relations.some((r) => r.kind === 'table' && r.name === typname))
    return `Database["${schema}"]["Tables"][${JSON.stringify(typname)}]["Row"]`;
  if (catalog.relations.some((r) => r.kind === 'view' && r.name === typname))
    return `Database["${schema}"]["Views"][${JSON.stringify(typname)}]["Row"]`;
  return 'unknown';
}

const rowFields = (columns: Column[], catalog: Catalog) =>
  columns.map((c) => `${JSON.stringify(c.name)}: ${tsType(c.type, catalog)}${c.nullable ? ' | null' : ''}`).join('\n');

function renderRelation(relation: Catalog['relations'][number], catalog: Catalog): string {
  const relationships = catalog.foreignKeys
    .filter((fk) => fk.relation === relation.name)
    .sort((a, b) => a.name.localeCompare(b.name) || a.referencedRelation.localeCompare(b.referencedRelation))
    .map(
      (fk) => `{
        foreignKeyName: ${JSON.stringify(fk.name)}
        columns: ${JSON.stringify(fk.columns)}
        isOneToOne: ${fk.oneToOne}
        referencedRelation: ${JSON.stringify(fk.referencedRelation)}
        referencedColumns: ${JSON.stringify(fk.referencedColumns)}
      }`,
    );
  const columns = [...relation.columns].sort(byName);
  const writable =
    relation.kind === 'table'
      ? `Insert: {
          ${columns.map((c) => `${JSON.stringify(c.name)}${c.nullable || c.hasDefault ? '?' : ''}: ${tsType(c.type, catalog)}${c.nullable ? ' | null' : ''}`).join('\n')}
        }
        Update: {
          ${columns.map((c) => `${JSON.stringify(c.name)}?: ${tsType(c.type, catalog)}${c.nullable ? ' | null' : ''}`).join('\n')}
        }
        `
      : '';
  return `${JSON.stringify(relation.name)}: {
    Row: {
      ${rowFields(columns, catalog)}
    }
    ${writable}Relationships: [${relationships.join(',\n')}]
  }`;
}

function renderFunctions(catalog: Catalog): string {
  const groups = new Map<string, Catalog['functions']>();
  for (const fn of [...catalog.functions].sort(byName)) groups.set(fn.name, [...(groups.get(fn.name) ?? []), fn]);
  if (groups.size === 0) return '[_ in never]: never';
  return [...groups]
    .map(([name, fns]) => {
      const args = fns
        .map((fn) => {
          const inArgs = fn.args.filter((a) => a.mode === 'i');
          if (inArgs.length === 0) return 'Record<PropertyKey, never>';
          return `{ ${inArgs.map((a) => `${JSON.stringify(a.name)}${a.hasDefault ? '?' : ''}: ${tsType(a.type, catalog)}`).join('; ')} }`;
        })
        .join(' | ');
      const first = fns[0];
      if (!first) return '';
      let returns: string;
      const tableArgs = first.args.filter((a) => a.mode === 't');
      const relation = catalog.relations.find((r) => r.name === first.returnType);
      if (tableArgs.length > 0) returns = `{ ${tableArgs.map((a) => `${JSON.stringify(a.name)}: ${tsType(a.type, catalog)}`).join('; ')} }`;
      else if (relation) returns = `{ ${rowFields([...relation.columns].sort(byName), catalog)} }`;
      else returns = tsType(first.returnType, catalog);
      return `${JSON.stringify(name)}: {
        Args: ${args}
        Returns: ${returns}${first.returnsSet ? '[]' : ''}
      }`;
    })
    .join('\n');
}

const helpers = `
type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"]) | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] & DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] & DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends { Row: infer R } ? R : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends { Row: infer R } ? R : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends { Insert: infer I } ? I : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends { Insert: infer I } ? I : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends { Update: infer U } ? U : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends { Update: infer U } ? U : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"] | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never
`;

/** Renders the types file for the live schema of `tx`'s database. */
export async function renderDatabaseTypes(tx: Tx): Promise<string> {
  const catalog = await readCatalog(tx, schema);
  const tables = catalog.relations.filter((r) => r.kind === 'table').sort(byName);
  const views = catalog.relations.filter((r) => r.kind === 'view').sort(byName);
  const enums = [...catalog.enums].sort(byName);
  const composites = [...catalog.composites].sort(byName);
  const never = '[_ in never]: never';
  const source = `
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: "13.0.5"
  }
  ${JSON.stringify(schema)}: {
    Tables: { ${tables.length ? tables.map((t) => renderRelation(t, catalog)).join('\n') : never} }
    Views: { ${views.length ? views.map((v) => renderRelation(v, catalog)).join('\n') : never} }
    Functions: { ${renderFunctions(catalog)} }
    Enums: { ${enums.length ? enums.map((e) => `${JSON.stringify(e.name)}: ${e.values.map((v) => JSON.stringify(v)).join(' | ')}`).join('\n') : never} }
    CompositeTypes: { ${
      composites.length
        ? composites
            .map(
              (c) =>
                `${JSON.stringify(c.name)}: { ${c.attributes.map((a) => `${JSON.stringify(a.name)}: ${tsType(a.type, catalog)} | null`).join('\n')} }`,
            )
            .join('\n')
        : never
    } }
  }
}
${helpers}
export const Constants = {
  ${JSON.stringify(schema)}: {
    Enums: { ${enums.map((e) => `${JSON.stringify(e.name)}: [${e.values.map((v) => JSON.stringify(v)).join(', ')}]`).join(',\n')} },
  },
} as const
`;
  return prettier.format(source, { parser: 'typescript', semi: false });
}

/** Boots bootstrap + migrations on a throwaway PGlite cluster and renders the types. */
export async function generateFromMigrations(projectDir = path.join(repoRoot, 'supabase')): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pinstar-gen-types-'));
  let db: Database | null = null;
  try {
    db = (await openDatabase({ dataDir, databaseUrl: null, authenticatorPassword: 'gen-types' })).db;
    await applyProject(db, projectDir, { seed: false });
    return await db.transaction({ kind: 'system' }, (tx) => renderDatabaseTypes(tx), { readOnly: true });
  } finally {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const output = await generateFromMigrations();
  writeFileSync(typesFile, output);
  process.stdout.write(`wrote ${path.relative(repoRoot, typesFile)}\n`);
}
