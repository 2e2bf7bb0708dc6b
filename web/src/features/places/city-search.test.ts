import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { countryName, foldName, searchCities, type City } from './city-search.ts';

// A slice of the gazetteer, in its order: largest first.
const cities: City[] = [
  ['Tokyo', 'JP', 35.6895, 139.6917],
  ['São Paulo', 'BR', -23.5475, -46.6361],
  ['London', 'GB', 51.5085, -0.1257],
  ['Paris', 'FR', 48.8534, 2.3488],
  ['Zürich', 'CH', 47.3667, 8.55],
  ['East London', 'ZA', -33.0153, 27.9116],
  ['London', 'CA', 42.9834, -81.233],
  ['St. Louis', 'US', 38.627, -90.1979],
];
const names = (query: string, limit?: number) => searchCities(cities, query, limit).map((c) => `${c.name}, ${c.country}`);

describe('city search over the bundled gazetteer', () => {
  test('folds case, accents and punctuation', () => {
    assert.equal(foldName('  São-Paulo '), 'sao paulo');
    assert.equal(foldName('ZÜRICH'), 'zurich');
    assert.equal(foldName('St. Louis'), 'st louis');
  });

  test('names that start with the query come first, largest first, then a word inside a name', () => {
    assert.deepEqual(names('london'), ['London, GB', 'London, CA', 'East London, ZA']);
    assert.deepEqual(names('sao paulo'), ['São Paulo, BR']);
    assert.deepEqual(names('zurich'), ['Zürich, CH']);
    assert.deepEqual(names('st louis'), ['St. Louis, US']);
  });

  test('a part after a comma narrows by country code or English country name', () => {
    assert.deepEqual(names('london, ca'), ['London, CA']);
    assert.deepEqual(names('london, canada'), ['London, CA']);
    assert.deepEqual(names('paris, france'), ['Paris, FR']);
    assert.deepEqual(names('paris, japan'), []);
  });

  test('answers carry the coordinates and respect the limit', () => {
    assert.deepEqual(searchCities(cities, 'Tokyo'), [{ name: 'Tokyo', country: 'JP', lat: 35.6895, lng: 139.6917 }]);
    assert.deepEqual(names('london', 1), ['London, GB']);
  });

  test('one letter, blanks and unknown names find nothing', () => {
    assert.deepEqual(names('l'), []);
    assert.deepEqual(names('   '), []);
    assert.deepEqual(names('atlantis'), []);
  });

  test('country codes read as English names', () => {
    assert.equal(countryName('FR'), 'France');
    assert.equal(countryName('GB'), 'United Kingdom');
  });
});
