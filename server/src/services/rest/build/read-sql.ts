import { errors } from '../errors.ts';
import { outputName, type Aggregate } from '../parse/select.ts';
import type { Relation } from '../schema-cache.ts';
import { fieldSql, logicSql } from './filter-sql.ts';
import type { EmbedPlan, ReadNode } from './plan.ts';
import { ident, type Params } from './sql.ts';

/** Keys a node contributes to its JSON object, in order (spreads flatten into the parent). */
/** How PostgreSQL names a level's rows in PostgREST's SQL, for its errors: `messages_1` one level down. */
function labelOf(node: ReadNode): string {
  return node.path.length === 0 ? node.relation.name : `${node.relation.name}_${node.path.length}`;
}

export function outputNames(node: ReadNode): string[] {
  const names: string[] = [];
  if (node.items.length === 0) return node.relation.columns.map((c) => c.name);
  for (const item of node.items) {
    if (item.kind === 'star') names.push(...node.relation.columns.map((c) => c.name));
    else if (item.kind === 'field') names.push(outputName(item));
    else {
      const embed = node.embeds.find((e) => e.item === item);
      if (!embed || embed.empty) continue;
      if (item.spread) names.push(...outputNames(embed.node));
      else names.push(embed.outName);
    }
  }
  return names;
}

interface Projected {
  /** The expression, without its `as` name. */
  sql: string;
  name: string | null;
  aggregated: boolean;
}

function applyAggregate(expr: string, aggregate: Aggregate): string {
  const applied = `${aggregate.fn}(${expr})`;
  return aggregate.cast ? `cast(${applied} as ${aggregate.cast})` : applied;
}

/**
 * Aggregates a to-one spread hands up to its parent (PostgREST `Plan.hs` hoistSpreadAggFunctions):
 * `select=client_id,...invoices(total.sum())` sums per client, not per invoice row.
 */
function hoistedAggregates(node: ReadNode): Map<string, Aggregate> {
  const hoisted = new Map<string, Aggregate>();
  for (const item of node.items) {
    if (item.kind === 'field' && item.aggregate) hoisted.set(outputName(item), item.aggregate);
  }
  for (const embed of node.embeds) {
    if (embed.item.spread && embed.toOne) for (const [name, aggregate] of hoistedAggregates(embed.node)) hoisted.set(name, aggregate);
  }
  return hoisted;
}

/**
 * `*` as the relation's columns under an alias, written once per relation and alias: the
 * relation comes from the schema cache, so a reload makes new ones (and every read of a whole
 * row would otherwise quote each column again).
 */
const starTerms = new WeakMap<Relation, Map<string, readonly Projected[]>>();

function starColumns(relation: Relation, alias: string): readonly Projected[] {
  let byAlias = starTerms.get(relation);
  if (!byAlias) starTerms.set(relation, (byAlias = new Map()));
  let terms = byAlias.get(alias);
  if (!terms) {
    terms = relation.columns.map((c) => Object.freeze({ sql: `${alias}.${ident(c.name)}`, name: null, aggregated: false }));
    // aliases are numbered per request (pgrst_0, pgrst_1, …): a few per relation in practice
    if (byAlias.size < 32) byAlias.set(alias, terms);
  }
  return terms;
}

function projection(node: ReadNode, params: Params): Projected[] {
  const out: Projected[] = [];
  if (node.items.length === 0) return [{ sql: `${node.alias}.*`, name: null, aggregated: false }];
  for (const item of node.items) {
    if (item.kind === 'star') {
      for (const term of starColumns(node.relation, node.alias)) out.push(term);
    } else if (item.kind === 'field') {
      // `count()` counts rows; in a to-one spread it counts the related row (the whole-row value).
      let expr =
        item.field.name === '*' ? (node.hoist ? node.alias : '*') : fieldSql(item.field, node.relation, node.alias, params, labelOf(node));
      if (item.cast) expr = `cast(${expr} as ${item.cast})`;
      const aggregated = Boolean(item.aggregate) && !node.hoist;
      if (item.aggregate && aggregated) expr = applyAggregate(expr, item.aggregate);
      out.push({ sql: expr, name: outputName(item), aggregated });
    } else {
      const embed = node.embeds.find((e) => e.item === item);
      if (!embed || embed.empty) continue;
      const j = embed.joinAlias;
      if (item.spread) {
        const hoisted = embed.toOne ? hoistedAggregates(embed.node) : new Map<string, Aggregate>();
        if (!embed.toOne && hasOwnAggregate(embed.node)) throw errors.aggregatesInToManySpread();
        for (const name of outputNames(embed.node)) {
          const aggregate = hoisted.get(name);
          out.push({
            sql: aggregate ? applyAggregate(`${j}.${ident(name)}`, aggregate) : `${j}.${ident(name)}`,
            name,
            aggregated: Boolean(aggregate),
          });
        }
      } else if (embed.toOne) out.push({ sql: `row_to_json(${j}.*)::jsonb`, name: embed.outName, aggregated: false });
      else out.push({ sql: `coalesce(${j}.${j}, '[]')`, name: embed.outName, aggregated: false });
    }
  }
  return out;
}

function hasOwnAggregate(node: ReadNode): boolean {
  return node.items.some((i) => i.kind === 'field' && i.aggregate);
}

/** GROUP BY every selected term that is not aggregated, once anything is (`SqlFragment.hs` groupF). */
function groupClause(select: Projected[]): string {
  if (!select.some((p) => p.aggregated)) return '';
  const terms = select.filter((p) => !p.aggregated).map((p) => p.sql);
  return terms.length > 0 ? ` group by ${terms.join(', ')}` : '';
}

/** Conditions tying an embedded node to its parent row (FK columns, through the junction for M2M). */
function linkConditions(node: ReadNode): string[] {
  const link = node.parentLink;
  if (!link) return [];
  const r = link.relationship;
  if (r.junction && link.junctionAlias) {
    const j = link.junctionAlias;
    const toParent = r.junction.toParent;
    const toTarget = r.junction.toTarget;
    return [
      ...toTarget.fromColumns.map((c, i) => `${j}.${ident(c)} = ${node.alias}.${ident(toTarget.toColumns[i] ?? '')}`),
      ...toParent.fromColumns.map((c, i) => `${j}.${ident(c)} = ${link.parentAlias}.${ident(toParent.toColumns[i] ?? '')}`),
    ];
  }
  return r.targetColumns.map((c, i) => `${node.alias}.${ident(c)} = ${link.parentAlias}.${ident(r.parentColumns[i] ?? '')}`);
}

function fromClause(node: ReadNode): string {
  const junction = node.parentLink?.relationship.junction;
  const extra =
    junction && node.parentLink?.junctionAlias
      ? `, ${ident(junction.relation.schema)}.${ident(junction.relation.name)} as ${node.parentLink.junctionAlias}`
      : '';
  return `${node.from} as ${node.alias}${extra}`;
}

function whereConditions(node: ReadNode, params: Params): string[] {
  const conditions = [
    ...linkConditions(node),
    ...node.level.filters.map((tree) => logicSql(tree, node.relation, node.alias, params, labelOf(node))),
  ];
  for (const f of node.level.embedNullFilters) {
    const embed = node.embeds.find((e) => e.outName === f.name);
    if (!embed) continue;
    const value = embed.toOne ? `row_to_json(${embed.joinAlias}.*)` : `${embed.joinAlias}.${embed.joinAlias}`;
    conditions.push(`${value} ${f.negated ? 'is not null' : 'is null'}`);
  }
  return conditions;
}

function orderClause(node: ReadNode, params: Params): string {
  const terms = node.level.order ?? [];
  if (terms.length === 0) return '';
  const parts = terms.map((term) => {
    let expr: string;
    if (term.relation !== null) {
      const embed = node.embeds.find((e) => e.outName === term.relation || (e.item.alias === null && e.item.name === term.relation));
      if (!embed) throw errors.notEmbedded(term.relation);
      if (!embed.toOne) throw errors.relatedOrderNotToOne(node.relation.name, term.relation);
      expr = fieldSql(term.field, embed.node.relation, embed.joinAlias, params, labelOf(embed.node));
    } else expr = fieldSql(term.field, node.relation, node.alias, params, labelOf(node));
    return `${expr}${term.direction ? ` ${term.direction}` : ''}${term.nulls ? ` nulls ${term.nulls}` : ''}`;
  });
  return ` order by ${parts.join(', ')}`;
}

function joinSql(embed: EmbedPlan, params: Params): string {
  const kind = embed.inner ? 'inner' : 'left';
  const j = embed.joinAlias;
  const sub = nodeSql(embed.node, params, null);
  if (embed.toOne) return ` ${kind} join lateral (${sub}) as ${j} on true`;
  if (embed.item.spread) {
    const cols = outputNames(embed.node).map((n) => `coalesce(json_agg(${j}.${ident(n)}), '[]') as ${ident(n)}`);
    const agg = [`json_agg(${j})::jsonb as ${j}`, ...cols].join(', ');
    return ` ${kind} join lateral (select ${agg} from (${sub}) as ${j}) as ${j} on ${embed.inner ? `${j}.${j} is not null` : 'true'}`;
  }
  return ` ${kind} join lateral (select json_agg(${j})::jsonb as ${j} from (${sub}) as ${j}) as ${j} on ${embed.inner ? `${j} is not null` : 'true'}`;
}

/**
 * One node as SQL (PostgREST `QueryBuilder.hs` readPlanToQuery): projection, lateral joins
 * for embeds, filters, order, limit/offset. `range` is the root's page (max-rows applied).
 */
export function nodeSql(node: ReadNode, params: Params, range: { limit: number | null; offset: number } | null): string {
  const select = projection(node, params);
  const joins = node.embeds.map((e) => joinSql(e, params)).join('');
  const where = whereConditions(node, params);
  const group = groupClause(select);
  const order = orderClause(node, params);
  const limit = range ? range.limit : node.level.limit;
  const offset = range ? range.offset : (node.level.offset ?? 0);
  return (
    `select ${select.map((p) => (p.name === null ? p.sql : `${p.sql} as ${ident(p.name)}`)).join(', ')} from ${fromClause(node)}${joins}` +
    (where.length > 0 ? ` where ${where.join(' and ')}` : '') +
    group +
    order +
    (limit !== null ? ` limit ${limit}` : '') +
    (offset > 0 ? ` offset ${offset}` : '')
  );
}

/** The root's count without projection, order or page; inner embeds become joins that filter. */
export function countSql(node: ReadNode, params: Params): string {
  const joins = node.embeds
    .filter((e) => e.inner || e.nullFiltered)
    .map((e) => joinSql(e, params))
    .join('');
  const where = whereConditions(node, params);
  return `select 1 from ${fromClause(node)}${joins}${where.length > 0 ? ` where ${where.join(' and ')}` : ''}`;
}
