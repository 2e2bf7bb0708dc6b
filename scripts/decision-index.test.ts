import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { checkDecisions, parseIndex, parseRecord } from './decision-index.ts';

const record = (number: string, status: string, title = `Decision ${number}`) => ({
  file: `${number}-decision-${number}.md`,
  text: `# ${number} — ${title}\n\n${status}\n\n## Context\nText.\n`,
});
const row = (number: string, status: string) => `| [${number}](${number}-decision-${number}.md) | Decision ${number} | ${status} |`;
const index = (...rows: string[]) => `# Decision records\n\n| Record | Decision | Status |\n| --- | --- | --- |\n${rows.join('\n')}\n`;

test('a record states its status in the paragraph under its title', () => {
  const cases: Array<[string, string | RegExp]> = [
    ['Status: accepted.', 'accepted'],
    ['Status: accepted. Extends 004 (one runner).', 'accepted'],
    ['Status: amended by 110 and 111. The mutex became a fair turn.', 'amended by 110 and 111'],
    ['Status: amended by 190, 245 and 247. On phones …', 'amended by 190, 245 and 247'],
    ['Status: superseded by 208. The list page is windowed.', 'superseded by 208'],
    ['Status: accepted', 'accepted'],
    ['Status: obsolete.', /is not "accepted"/],
    ['Status: amended by 2.', /is not "accepted"/],
    ['Superseded in part by 161.', /must start with "Status: "/],
  ];
  for (const [status, expected] of cases) {
    const { file, text } = record('014', status);
    const parsed = parseRecord(file, text);
    if (typeof expected === 'string') assert.equal('status' in parsed && parsed.status, expected, status);
    else assert.match('problems' in parsed ? parsed.problems.join() : '', expected, status);
  }
});

test('a status wrapped over several lines is read whole, and what a record amends is found in it', () => {
  const parsed = parseRecord('284-x.md', '# 284 — Offline\n\nStatus: accepted. Amends 230 (online state) and\n279 (code).\n\n## Context\n');
  assert.ok('status' in parsed);
  assert.deepEqual(parsed.overtakes, ['230', '279']);
  assert.deepEqual(parsed.overtakenBy, []);
});

test('the heading must carry the number of its file', () => {
  const parsed = parseRecord('015-x.md', '# 014 — Title\n\nStatus: accepted.\n');
  assert.deepEqual('problems' in parsed && parsed.problems, ['the heading says 014, the file name 015']);
});

test('records, statuses and the index agree, or each disagreement is named', () => {
  const files = [record('001', 'Status: amended by 261. Answers go straight to Node.'), record('261', 'Status: accepted. Amends 001.')];
  assert.deepEqual(checkDecisions(files, index(row('001', 'amended by [261](261-decision-261.md)'), row('261', 'accepted'))), []);

  const cases: Array<[string, Array<{ file: string; text: string }>, string, RegExp]> = [
    ['a record without a row', files, index(row('001', 'amended by 261')), /261-decision-261\.md has no row in the index/],
    ['a row without a record', files, index(row('001', 'amended by 261'), row('261', 'accepted'), row('300', 'accepted')), /lists 300/],
    [
      'a status that differs',
      files,
      index(row('001', 'accepted'), row('261', 'accepted')),
      /001 is "accepted" in the index, "amended by 261"/,
    ],
    [
      'an amendment the earlier record does not name',
      [record('001', 'Status: accepted.'), record('261', 'Status: accepted. Amends 001.')],
      index(row('001', 'accepted'), row('261', 'accepted')),
      /001-decision-001\.md: 261-decision-261\.md says it amends/,
    ],
    [
      'a status naming a record that does not exist',
      [record('001', 'Status: superseded by 900.')],
      index(row('001', 'superseded by 900')),
      /names 900, which is not a record/,
    ],
    [
      'two records with one number',
      [record('301', 'Status: accepted.'), { file: '301-other.md', text: '# 301 — Other\n\nStatus: accepted.\n' }],
      index(row('301', 'accepted')),
      /number 301 is also/,
    ],
  ];
  for (const [name, records, indexText, expected] of cases) assert.match(checkDecisions(records, indexText).join('\n'), expected, name);
});

test('index rows read the status with its links as plain numbers', () => {
  assert.deepEqual(parseIndex('| [003](003-x.md) | One transaction | amended by [110](110-y.md) and [111](111-z.md) |'), [
    { number: '003', file: '003-x.md', status: 'amended by 110 and 111' },
  ]);
});

test("the repository's records and index are in step", () => {
  const dir = path.resolve(import.meta.dirname, '../docs/decisions');
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}-.+\.md$/.test(f))
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), 'utf8') }));
  assert.deepEqual(checkDecisions(files, readFileSync(path.join(dir, 'README.md'), 'utf8')), []);
});
