import { errors } from '../errors.ts';
import { emptyLevel, type LevelParams } from '../parse/query.ts';
import type { SelectItem } from '../parse/select.ts';
import { matchesEmbed } from '../relationships.ts';
import { closest, type Relation, type Relationship, type SchemaCache } from '../schema-cache.ts';
import { ident } from './sql.ts';

export type EmbedItem = Extract<SelectItem, { kind: 'embed' }>;

export interface EmbedPlan {
  item: EmbedItem;
  relationship: Relationship;
  node: ReadNode;
  /** Alias of the lateral join (quoted). */
  joinAlias: string;
  /** Key in the parent's JSON (alias or name). */
  outName: string;
  toOne: boolean;
  empty: boolean;
  inner: boolean;
  /** Referenced by a `rel=is.null` filter of the parent, so the count query keeps its join. */
  nullFiltered: boolean;
}

export interface ReadNode {
  relation: Relation;
  /** FROM target, e.g. `"public"."t"` or `pgrst_source`. */
  from: string;
  alias: string;
  items: SelectItem[];
  level: LevelParams;
  embeds: EmbedPlan[];
  /** Names of the embed path from the root, for error messages. */
  path: string[];
  /** A to-one spread: its aggregates are applied by the parent (hoisted), it projects their input. */
  hoist: boolean;
  /** The relationship this node is embedded through (join conditions), null at the root. */
  parentLink: { relationship: Relationship; parentAlias: string; junctionAlias: string | null } | null;
}

export interface PlanContext {
  cache: SchemaCache;
  counter: number;
  /** `db-aggregates-enabled`: otherwise an aggregate anywhere in the tree is PGRST123. */
  aggregates?: boolean;
}

function nextAlias(ctx: PlanContext): string {
  return ident(`pgrst_${ctx.counter++}`);
}

function describe(r: Relationship): Record<string, string> {
  const cols = (c: string[]) => `(${c.join(', ')})`;
  if (r.junction) {
    const j = r.junction;
    return {
      cardinality: 'many-to-many',
      embedding: `${r.parent.name} with ${r.target.name}`,
      relationship: `${j.relation.name} using ${j.toParent.name}${cols(j.toParent.fromColumns)} and ${j.toTarget.name}${cols(j.toTarget.fromColumns)}`,
    };
  }
  return {
    cardinality: r.cardinality,
    embedding: `${r.parent.name} with ${r.target.name}`,
    relationship: `${r.constraint} using ${r.parent.name}${cols(r.parentColumns)} and ${r.target.name}${cols(r.targetColumns)}`,
  };
}

function hintFor(r: Relationship): string {
  return `'${r.target.name}!${r.junction ? r.junction.relation.name : r.constraint}'`;
}

/** Picks the one relationship an embed means (PostgREST `Plan.hs` findRel): PGRST200 none, PGRST201 several. */
export function resolveRelationship(cache: SchemaCache, parent: Relation, item: EmbedItem): Relationship {
  const found = cache.relationshipsFrom(parent, item.name).filter((r) => matchesEmbed(r, item.name, item.hint));
  if (found.length === 1 && found[0]) return found[0];
  if (found.length === 0) {
    const related = cache.relatedNames(parent);
    const suggestion = related.length > 0 && !related.includes(item.name) ? closest(item.name, related, 0.33) : null;
    return throwNoRelationship(parent, item, suggestion);
  }
  throw errors.ambiguousRelationship(parent.name, item.name, found.map(describe), found.map(hintFor));
}

function throwNoRelationship(parent: Relation, item: EmbedItem, suggestion: string | null): never {
  throw errors.noRelationship(parent.schema, parent.name, item.name, item.hint, suggestion);
}

/**
 * `rel.count` where `rel` has no column `count`: PostgreSQL reads field notation on a row as a
 * call, `count(rel)`, the aggregate; PostgREST passes the name through, so a bare `count`
 * counts the level's rows like `count()`.
 */
function asFieldNotation(item: SelectItem, relation: Relation): SelectItem {
  if (item.kind !== 'field' || item.aggregate || item.field.name !== 'count' || item.field.json.length > 0) return item;
  if (relation.byName.has('count') || relation.computed.has('count')) return item;
  return {
    ...item,
    field: { name: '*', json: [] },
    alias: item.alias ?? 'count',
    aggregate: { fn: 'count', cast: item.cast, implicit: true },
  };
}

/** Builds the embedding tree and hands every query-string level to its node. */
export function planRead(
  ctx: PlanContext,
  relation: Relation,
  from: string,
  items: SelectItem[],
  levels: Map<string, LevelParams>,
): ReadNode {
  const root = planNode(ctx, relation, from, items, [], levels, null);
  for (const key of levels.keys()) {
    if (key !== '' && !findNode(root, key.split('.'))) throw errors.notEmbedded(key.split('.').at(-1) ?? key);
  }
  // After every relationship is resolved, as PostgREST's validateAggFunctions runs after addRels.
  if (!ctx.aggregates && hasAggregate(root)) throw errors.aggregatesNotAllowed();
  return root;
}

function hasAggregate(node: ReadNode): boolean {
  return (
    node.items.some((i) => i.kind === 'field' && i.aggregate && !i.aggregate.implicit) || node.embeds.some((e) => hasAggregate(e.node))
  );
}

function findNode(root: ReadNode, path: string[]): ReadNode | null {
  let node: ReadNode | undefined = root;
  for (const name of path) {
    node = node.embeds.find((e) => e.outName === name || (e.item.alias === null && e.item.name === name))?.node;
    if (!node) return null;
  }
  return node;
}

function planNode(
  ctx: PlanContext,
  relation: Relation,
  from: string,
  items: SelectItem[],
  path: string[],
  levels: Map<string, LevelParams>,
  parentLink: ReadNode['parentLink'],
  hoist = false,
): ReadNode {
  const node: ReadNode = {
    hoist,
    relation,
    from,
    alias: nextAlias(ctx),
    items,
    level: levels.get(path.join('.')) ?? emptyLevel(),
    embeds: [],
    path,
    parentLink,
  };
  node.items = items.map((item) => asFieldNotation(item, relation));
  const joinNames = new Set<string>();
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    // PostgREST names each embed's lateral join `<table>_<embed>_<depth>`: the same name twice is PostgreSQL's 42712.
    const joinName = `${relation.name}_${item.alias ?? item.name}_${path.length + 1}`;
    if (joinNames.has(joinName)) throw errors.duplicateAlias(joinName);
    joinNames.add(joinName);
    const relationship = resolveRelationship(ctx.cache, relation, item);
    const outName = item.alias ?? item.name;
    const toOne = relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one';
    const junctionAlias = relationship.junction ? nextAlias(ctx) : null;
    const target = relationship.target;
    const childFrom = relationship.computed
      ? `${ident(relationship.computed.schema)}.${ident(relationship.computed.name)}(${node.alias}::${ident(relation.schema)}.${ident(relation.name)})`
      : `${ident(target.schema)}.${ident(target.name)}`;
    const child = planNode(
      ctx,
      target,
      childFrom,
      item.children,
      [...path, outName],
      levels,
      { relationship, parentAlias: node.alias, junctionAlias },
      item.spread && toOne,
    );
    node.embeds.push({
      item,
      relationship,
      node: child,
      joinAlias: nextAlias(ctx),
      outName,
      toOne,
      empty: item.children.length === 0,
      inner: item.joinType === 'inner',
      nullFiltered: false,
    });
  }
  // `rel=is.null` at this level: a filter whose "column" names an embed.
  node.level = {
    ...node.level,
    filters: node.level.filters.filter((tree) => {
      if (tree.kind !== 'filter' || tree.filter.field.json.length > 0) return true;
      const embed = node.embeds.find((e) => e.outName === tree.filter.field.name);
      if (!embed || relation.byName.has(tree.filter.field.name)) return true;
      const op = tree.filter.operation;
      if (op.kind !== 'is' || (op.value !== 'null' && op.value !== 'not_null')) throw errors.unacceptableFilter(embed.outName);
      embed.nullFiltered = true;
      node.level.embedNullFilters.push({
        name: embed.outName,
        negated: tree.filter.negated !== (op.value === 'not_null'),
        filter: tree.filter,
      });
      return false;
    }),
  };
  return node;
}
