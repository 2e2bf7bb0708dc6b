import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { categoryLabels, placeCategories, ratingSummary, reviewCount } from '../../web/src/lib/places.ts';

// Categories and ratings are worded as people write them, the same on every screen.
describe('place wording', () => {
  test('a rating reads "4.0 out of 5 · 1 review", and an unrated place says so', () => {
    assert.equal(ratingSummary({ rating_avg: 4, rating_count: 1 }), '4.0 out of 5 · 1 review');
    assert.equal(ratingSummary({ rating_avg: 4.25, rating_count: 12 }), '4.3 out of 5 · 12 reviews');
    assert.equal(ratingSummary({ rating_avg: 0, rating_count: 0 }), 'No reviews yet');
    assert.equal(reviewCount(0), '0 reviews');
    assert.equal(reviewCount(1), '1 review');
  });

  test('every category has a label written as a word, accents included', () => {
    assert.equal(categoryLabels.cafe, 'Café');
    for (const category of placeCategories) assert.match(categoryLabels[category] ?? '', /^\p{Lu}\p{Ll}+$/u, category);
  });

  test('no screen prints a raw category value or words a review count itself', () => {
    const root = path.resolve(import.meta.dirname, '../../web/src');
    const offenders: string[] = [];
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.tsx')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const text = readFileSync(file, 'utf8');
      // a category in JSX is always looked up in categoryLabels (a select's value is not printed);
      // counts come from reviewCount()
      for (const m of text.matchAll(/(?<!categoryLabels\[|value=\{|[\w.])[\w.]*\.category\}/g))
        offenders.push(`${path.relative(root, file)}: ${m[0]}`);
      for (const m of text.matchAll(/\? 'review' : 'reviews'/g)) offenders.push(`${path.relative(root, file)}: ${m[0]}`);
    }
    assert.deepEqual(offenders, []);
  });
});
