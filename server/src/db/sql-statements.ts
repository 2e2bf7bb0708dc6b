/**
 * Splits a SQL file into its statements, as the Supabase CLI splits a migration before running
 * it (pkg/parser): semicolons end statements except inside quotes ('…', E'…', "…"),
 * dollar-quoted bodies ($$…$$, $tag$…$tag$), comments (--, nested /* *\/) and SQL-standard
 * `BEGIN ATOMIC … END` bodies. Each statement keeps where it starts, so an error can name the
 * line of the statement that failed.
 */
export interface SqlStatement {
  text: string;
  /** 1-based line of the statement's first character that is not space or comment. */
  line: number;
}

export function splitStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = -1;
  let atomicDepth = 0;
  let i = 0;
  const push = (end: number) => {
    if (start >= 0) statements.push({ text: sql.slice(start, end).trim(), line: lineAt(sql, start) });
    start = -1;
  };
  while (i < sql.length) {
    const ch = sql[i] ?? '';
    const next = sql[i + 1] ?? '';
    if (ch === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
      continue;
    }
    if (ch === '/' && next === '*') {
      i = skipBlockComment(sql, i);
      continue;
    }
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (start < 0) start = i;
    if (ch === "'") {
      const escapes = i > 0 && /[eE]/.test(sql[i - 1] ?? '') && !/[\w$]/.test(sql[i - 2] ?? '');
      i = skipQuoted(sql, i, "'", escapes);
    } else if (ch === '"') i = skipQuoted(sql, i, '"', false);
    else if (ch === '$' && !/[\w$]/.test(sql[i - 1] ?? '')) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i))?.[0];
      if (tag) {
        const end = sql.indexOf(tag, i + tag.length);
        i = end < 0 ? sql.length : end + tag.length;
      } else i++;
    } else if (/[A-Za-z_]/.test(ch) && !/[\w$]/.test(sql[i - 1] ?? '')) {
      const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i))?.[0] ?? ch;
      const lower = word.toLowerCase();
      if (lower === 'atomic' && /\bbegin\s+$/i.test(sql.slice(Math.max(0, i - 16), i))) atomicDepth++;
      else if (lower === 'end' && atomicDepth > 0) atomicDepth--;
      i += word.length;
    } else if (ch === ';' && atomicDepth === 0) {
      push(i + 1);
      i++;
    } else i++;
  }
  push(sql.length);
  return statements.filter((s) => s.text !== '' && s.text !== ';');
}

function lineAt(sql: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (sql.charCodeAt(i) === 10) line++;
  return line;
}

function skipBlockComment(sql: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth++;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  return sql.length;
}

function skipQuoted(sql: string, from: number, quote: string, backslashEscapes: boolean): number {
  let i = from + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (backslashEscapes && ch === '\\') i += 2;
    else if (ch === quote && sql[i + 1] === quote) i += 2;
    else if (ch === quote) return i + 1;
    else i++;
  }
  return sql.length;
}
