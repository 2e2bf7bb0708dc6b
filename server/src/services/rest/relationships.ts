import { isUnique, type ForeignKey, type Relation, type Relationship } from './schema-model.ts';

/**
 * The relationships from `parent` to a target named `name` (PostgREST `SchemaCache/Relationship.hs`
 * and `Plan.hs` findRel): foreign keys either way (one-to-one when the key is unique), junctions
 * for many-to-many, and computed relationships (functions taking the parent's row).
 */
export function findRelationships(foreignKeys: ForeignKey[], parent: Relation, name: string): Relationship[] {
  const fn = parent.computed.get(name);
  if (fn?.returnRelation && fn.returnRelation.oid > 0) {
    const toOne = !fn.returnsSet || fn.rows === 1;
    return [
      {
        cardinality: toOne ? 'many-to-one' : 'one-to-many',
        constraint: name,
        parent,
        target: fn.returnRelation,
        parentColumns: [],
        targetColumns: [],
        junction: null,
        computed: fn,
      },
    ];
  }
  const out: Relationship[] = [];
  const seen = new Set<string>();
  const push = (r: Relationship) => {
    const id = `${r.cardinality}|${r.constraint}|${r.target.oid}|${r.junction?.relation.oid ?? ''}|${r.parentColumns.join()}`;
    if (!seen.has(id)) {
      seen.add(id);
      out.push(r);
    }
  };
  for (const fk of foreignKeys) {
    if (fk.from.schema !== parent.schema || fk.to.schema !== parent.schema) continue;
    const singleColumn = fk.fromColumns.length === 1 && fk.fromColumns[0] === name;
    if (fk.from === parent && (fk.to.name === name || fk.name === name || singleColumn)) {
      push({
        cardinality: isUnique(parent, fk.fromColumns) ? 'one-to-one' : 'many-to-one',
        constraint: fk.name,
        parent,
        target: fk.to,
        parentColumns: fk.fromColumns,
        targetColumns: fk.toColumns,
        junction: null,
        computed: null,
      });
    }
    const referencedColumn = fk.toColumns.length === 1 && fk.toColumns[0] === name;
    if (fk.to === parent && (fk.from.name === name || fk.name === name || referencedColumn)) {
      push({
        cardinality: isUnique(fk.from, fk.fromColumns) ? 'one-to-one' : 'one-to-many',
        constraint: fk.name,
        parent,
        target: fk.from,
        parentColumns: fk.toColumns,
        targetColumns: fk.fromColumns,
        junction: null,
        computed: null,
      });
    }
  }
  for (const toParent of foreignKeys) {
    if (toParent.to !== parent || toParent.from.kind === 'v') continue;
    const junction = toParent.from;
    for (const toTarget of foreignKeys) {
      if (
        toTarget === toParent ||
        toTarget.name === toParent.name ||
        toTarget.from !== junction ||
        toTarget.to.name !== name ||
        toTarget.to.schema !== parent.schema
      )
        continue;
      const keyColumns = [...toParent.fromColumns, ...toTarget.fromColumns];
      if (!keyColumns.every((c) => junction.primaryKey.includes(c) || junction.uniqueKeys.some((k) => k.includes(c)))) continue;
      push({
        cardinality: 'many-to-many',
        constraint: `${toParent.name},${toTarget.name}`,
        parent,
        target: toTarget.to,
        parentColumns: toParent.toColumns,
        targetColumns: toTarget.toColumns,
        junction: { relation: junction, toParent, toTarget },
        computed: null,
      });
    }
  }
  return out;
}

function isView(relation: Relation): boolean {
  return relation.kind === 'v' || relation.kind === 'm';
}

function single(columns: string[], name: string): boolean {
  return columns.length === 1 && columns[0] === name;
}

/**
 * Whether an embed `target!hint` means relationship `r` (PostgREST `Plan.hs` findRel). A
 * self-referencing key gives two relationships: the table's name means the one-to-many
 * (children), the key column the many-to-one (parent), and a hint must name the children's
 * column. Otherwise the target names the table, or, when it is not a view, the constraint or the
 * key column; a hint then names the constraint, a key column on either side or the junction.
 */
export function matchesEmbed(r: Relationship, target: string, hint: string | null): boolean {
  if (r.computed) return hint === null;
  if (r.junction) {
    const j = r.junction;
    return r.target.name === target && (hint === null || j.relation.name === hint || j.toParent.name === hint || j.toTarget.name === hint);
  }
  const toMany = r.cardinality === 'one-to-many';
  const toOne = r.cardinality === 'many-to-one';
  if (r.target === r.parent) {
    if (hint === null) return (r.target.name === target && toMany) || (single(r.parentColumns, target) && toOne);
    return r.target.name === target && toMany && single(r.targetColumns, hint);
  }
  if (hint === null) {
    return r.target.name === target || (!isView(r.target) && (r.constraint === target || single(r.parentColumns, target)));
  }
  return r.target.name === target && (r.constraint === hint || single(r.parentColumns, hint) || single(r.targetColumns, hint));
}
