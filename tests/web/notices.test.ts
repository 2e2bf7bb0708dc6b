import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fieldMessages, messages } from '../../web/src/lib/errors.ts';

// Notices read as people write: catalogue messages are whole sentences with one closing mark,
// toast titles are short phrases with none (their description, if any, is a sentence), and no
// notice has straight quotes, a space before punctuation, doubled marks or double spaces.
const root = path.resolve(import.meta.dirname, '../../web/src');

function strayPunctuation(text: string): string | null {
  if (/["']/.test(text)) return 'straight quote or apostrophe';
  if (/\s[.,;:!?]/.test(text)) return 'space before punctuation';
  if (/[.,;:!?]{2,}|…\./.test(text)) return 'doubled punctuation';
  if (/ {2}|^\s|\s$/.test(text)) return 'stray spaces';
  return null;
}

/** The literal texts of every toast call's title and description in the app's source. */
function toastTexts(): { where: string; title?: string; description?: string }[] {
  const found: { where: string; title?: string; description?: string }[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = readFileSync(file, 'utf8');
    for (const call of source.matchAll(
      /toast\.(?:success|error|info|message|warning)\(\s*(['`])((?:(?!\1).)*)\1(?:,\s*\{\s*description:\s*(['`])((?:(?!\3).)*)\3)?/g,
    )) {
      // interpolations count as words
      const plain = (s: string | undefined) => s?.replace(/\$\{[^}]*\}/g, 'X');
      found.push({ where: path.relative(root, file), title: plain(call[2]), description: plain(call[4]) });
    }
  }
  return found;
}

describe('notices', () => {
  test('every catalogue message is a sentence ending in one full stop, with no stray punctuation', () => {
    for (const [key, text] of Object.entries({ ...messages, ...fieldMessages })) {
      assert.match(text, /^[\p{Lu}\d].*[^.!?][.?]$/u, key);
      assert.equal(strayPunctuation(text), null, `${key}: ${text}`);
      assert.doesNotMatch(text, /!/, `${key}: no exclamation in an error`);
    }
  });

  test('toast titles are phrases without a closing full stop; descriptions are sentences', () => {
    const toasts = toastTexts();
    assert.ok(toasts.length >= 25, `${toasts.length} toasts found`);
    for (const { where, title, description } of toasts) {
      if (title !== undefined) {
        assert.doesNotMatch(title, /\.$/, `${where}: "${title}"`);
        assert.equal(strayPunctuation(title), null, `${where}: "${title}"`);
      }
      if (description !== undefined) {
        assert.match(description, /[^.][.?]$/, `${where}: "${description}"`);
        assert.equal(strayPunctuation(description), null, `${where}: "${description}"`);
      }
    }
  });
});
