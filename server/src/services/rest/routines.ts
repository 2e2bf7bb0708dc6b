import { makeRelation, type RawFunction, type Relation, type Routine, type RoutineParam } from './schema-model.ts';

/** A function as PostgREST's `SchemaCache/Routine.hs` sees it: input parameters, defaults, result shape. */
export function makeRoutine(f: RawFunction, byOid: Map<number, Relation>): Routine {
  const modes = f.argModes.length > 0 ? f.argModes : f.argTypes.map(() => 'i');
  const inputs: RoutineParam[] = [];
  const outputs: Array<{ name: string; type: string }> = [];
  modes.forEach((mode, i) => {
    const name = f.argNames[i] ?? '';
    const type = f.argTypes[i] ?? 'text';
    if (mode === 'i' || mode === 'b' || mode === 'v') inputs.push({ name, type, hasDefault: false, variadic: mode === 'v' });
    if (mode === 'o' || mode === 'b' || mode === 't') outputs.push({ name, type });
  });
  inputs.forEach((p, i) => {
    p.hasDefault = i >= inputs.length - f.defaultCount;
  });
  let returnRelation: Relation | null = null;
  const table = f.returnRelation === null ? undefined : byOid.get(f.returnRelation);
  if (table) returnRelation = table;
  else if (f.returnColumns) returnRelation = syntheticRelation(f, f.returnColumns);
  else if (outputs.length > 1 || (outputs.length === 1 && f.returnType === 'record')) returnRelation = syntheticRelation(f, outputs);
  return {
    schema: f.schema,
    name: f.name,
    params: inputs,
    returnType: f.returnType,
    returnsSet: f.returnsSet,
    returnsVoid: f.returnType === 'void',
    returnRelation,
    volatility: f.volatility,
    firstArgType: f.firstArgType,
    rows: f.rows,
  };
}

function syntheticRelation(f: RawFunction, columns: Array<{ name: string; type: string }>): Relation {
  return makeRelation({
    oid: -1,
    rowType: -1,
    schema: f.schema,
    name: f.name,
    kind: 'function',
    columns: columns.map((c) => ({
      name: c.name,
      type: c.type,
      baseType: c.type,
      category: '',
      nullable: true,
      hasDefault: false,
      generated: false,
      default: null,
    })),
    primaryKey: [],
    uniqueKeys: [],
  });
}
