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
    if (fk.to === parent && (fk.from.name === name || fk.name === name)) {
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
