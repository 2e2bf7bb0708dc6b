import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Decision records and their index (`docs/decisions/README.md`) kept in step. Each record
 * `NNN-title.md` opens with `# NNN — Title`, then a `Status:` paragraph whose first sentence is
 * `accepted`, `amended by N[, M and K]` or `superseded by N`; what follows says what changed.
 * A record whose own status paragraph says it amends or supersedes another (`Amends 230 …`)
 * must be named by that one's status. The index has one row per record with the same status.
 * `node scripts/decision-index.ts` checks; `--write` rewrites the index's rows from the records.
 */

export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  /** The status sentence without its full stop: `accepted`, `amended by 110 and 111`, … */
  status: string;
  /** Records the status names (for `amended by` / `superseded by`). */
  overtakenBy: string[];
  /** Records this one says, in its status paragraph, that it amends or supersedes. */
  overtakes: string[];
}

export interface IndexRow {
  number: string;
  file: string;
  status: string;
}

const statusPattern = /^(accepted|amended by (\d{3}(?:(?:, | and )\d{3})*)|superseded by (\d{3}(?:(?:, | and )\d{3})*))$/;
const headingPattern = /^# (\d{3}) — (.+)$/;

/** Reads one record's text; returns its problems instead when it is malformed. */
export function parseRecord(file: string, text: string): DecisionRecord | { file: string; problems: string[] } {
  const lines = text.split('\n');
  const heading = headingPattern.exec(lines[0] ?? '');
  const fileNumber = file.slice(0, 3);
  if (!heading) return { file, problems: ['the first line must be "# NNN — Title"'] };
  const [, number = '', title = ''] = heading;
  if (number !== fileNumber) return { file, problems: [`the heading says ${number}, the file name ${fileNumber}`] };
  // The status paragraph: the first paragraph after the title, within the record's first lines.
  let start = 1;
  while (start < lines.length && start < 4 && lines[start]?.trim() === '') start += 1;
  if (!lines[start]?.startsWith('Status: ')) {
    return { file, problems: ['the paragraph under the title must start with "Status: " (accepted, amended by N, superseded by N)'] };
  }
  const paragraph: string[] = [];
  for (let i = start; i < lines.length && lines[i]?.trim() && !lines[i]?.startsWith('#'); i += 1) paragraph.push(lines[i] ?? '');
  const statusText = paragraph.join(' ').slice('Status: '.length);
  const sentenceEnd = statusText.indexOf('.');
  const status = (sentenceEnd === -1 ? statusText : statusText.slice(0, sentenceEnd)).trim();
  const match = statusPattern.exec(status);
  if (!match) {
    return { file, problems: [`status "${status}" is not "accepted", "amended by N[, M and K]" or "superseded by N"`] };
  }
  const named = match[2] ?? match[3];
  const rest = sentenceEnd === -1 ? '' : statusText.slice(sentenceEnd + 1);
  const overtakes = [...rest.matchAll(/\b(?:amends|supersedes)\b([^.]*)/gi)].flatMap((m) => (m[1] ?? '').match(/\b\d{3}\b/g) ?? []);
  return { number, file, title, status, overtakenBy: named ? (named.match(/\d{3}/g) ?? []) : [], overtakes };
}

/** The index's rows: `| [NNN](file) | title | status |`, links in the status read as their text. */
export function parseIndex(text: string): IndexRow[] {
  const rows: IndexRow[] = [];
  for (const line of text.split('\n')) {
    const cells = /^\|\s*\[(\d{3})\]\(([^)]+)\)\s*\|(.*)\|(.*)\|\s*$/.exec(line);
    if (!cells) continue;
    const [, number = '', file = '', , status = ''] = cells;
    rows.push({ number, file, status: status.replace(/\[(\d{3})\]\([^)]*\)/g, '$1').trim() });
  }
  return rows;
}

/** Every disagreement between the records, their statuses and the index. */
export function checkDecisions(files: Array<{ file: string; text: string }>, indexText: string): string[] {
  const problems: string[] = [];
  const records = new Map<string, DecisionRecord>();
  for (const { file, text } of files) {
    const parsed = parseRecord(file, text);
    if ('problems' in parsed) {
      problems.push(...parsed.problems.map((p) => `${file}: ${p}`));
      continue;
    }
    const clash = records.get(parsed.number);
    if (clash) problems.push(`${file}: number ${parsed.number} is also ${clash.file}; take the next free number`);
    else records.set(parsed.number, parsed);
  }
  for (const record of records.values()) {
    for (const later of record.overtakenBy) {
      if (!records.has(later)) problems.push(`${record.file}: its status names ${later}, which is not a record`);
      else if (later <= record.number) problems.push(`${record.file}: its status names ${later}, an earlier record`);
    }
    for (const earlier of record.overtakes) {
      const target = records.get(earlier);
      if (!target) problems.push(`${record.file}: its status says it overtakes ${earlier}, which is not a record`);
      else if (!target.overtakenBy.includes(record.number)) {
        problems.push(
          `${target.file}: ${record.file} says it amends or supersedes this record; say so in its status ("amended by ${record.number}")`,
        );
      }
    }
  }
  const rows = parseIndex(indexText);
  const seen = new Set<string>();
  for (const row of rows) {
    const record = records.get(row.number);
    if (seen.has(row.number)) problems.push(`README.md: ${row.number} is listed twice`);
    seen.add(row.number);
    if (!record) {
      problems.push(`README.md: lists ${row.number}, which is not a record`);
      continue;
    }
    if (row.file !== record.file) problems.push(`README.md: ${row.number} links ${row.file}, the record is ${record.file}`);
    if (row.status !== record.status)
      problems.push(`README.md: ${row.number} is "${row.status}" in the index, "${record.status}" in the record`);
  }
  for (const record of records.values()) {
    if (!seen.has(record.number)) problems.push(`README.md: ${record.file} has no row in the index`);
  }
  return problems;
}

/** The index's table, one row per record, statuses linked to the records they name. */
export function renderRows(records: DecisionRecord[], fileOf: (number: string) => string | undefined): string {
  const link = (n: string) => {
    const file = fileOf(n);
    return file ? `[${n}](${file})` : n;
  };
  const lines = ['| Record | Decision | Status |', '| --- | --- | --- |'];
  for (const r of [...records].sort((a, b) => a.number.localeCompare(b.number))) {
    lines.push(`| [${r.number}](${r.file}) | ${r.title.replaceAll('|', '\\|')} | ${r.status.replace(/\b\d{3}\b/g, link)} |`);
  }
  return lines.join('\n');
}

function readRecords(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-.+\.md$/.test(f))
    .sort()
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), 'utf8') }));
}

if (import.meta.main) {
  const dir = path.resolve(import.meta.dirname, '../docs/decisions');
  const indexPath = path.join(dir, 'README.md');
  const files = readRecords(dir);
  let indexText = readFileSync(indexPath, 'utf8');
  if (process.argv.includes('--write')) {
    const records = files.map(({ file, text }) => parseRecord(file, text)).filter((r): r is DecisionRecord => 'status' in r);
    const byNumber = new Map(records.map((r) => [r.number, r.file]));
    const table = renderRows(records, (n) => byNumber.get(n));
    const start = indexText.indexOf('| Record |');
    const end = indexText.indexOf('\n\n', start);
    indexText = `${indexText.slice(0, start)}${table}${end === -1 ? '\n' : indexText.slice(end)}`;
    writeFileSync(indexPath, indexText);
  }
  const problems = checkDecisions(files, indexText);
  for (const problem of problems) process.stderr.write(`docs/decisions/${problem}\n`);
  if (problems.length) {
    process.stderr.write(`${problems.length} problem(s); \`node scripts/decision-index.ts --write\` rewrites the index from the records\n`);
    process.exit(1);
  }
  process.stdout.write(`${files.length} decision records, index and statuses in step\n`);
}
