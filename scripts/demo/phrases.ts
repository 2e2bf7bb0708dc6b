/**
 * What makes demo text read as written rather than composed: no sentence of six words or more
 * said twice, and no two texts opening with the same five words. supabase/seed.sql is not
 * generated when the data breaks either rule, and tests/data/seed.test.ts checks the seeded
 * reviews with the same rules.
 */

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A segment ending in an initial or a short abbreviation ("R.", "St.", "e.g.") goes on. */
const abbreviation = /(?:^|[\s(])(?:[A-Z]|St|Mt|Mr|Mrs|Ms|Dr|No|vs|e\.g|i\.e|approx)\.$/;

/** The sentences of a text as a reader sees them (case and spacing aside). */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let carry = '';
  for (const { segment } of segmenter.segment(text)) {
    const sentence = (carry + segment).trim().replace(/\s+/g, ' ');
    if (abbreviation.test(sentence)) carry = sentence + ' ';
    else {
      carry = '';
      if (sentence !== '') out.push(sentence.toLowerCase());
    }
  }
  if (carry.trim() !== '') out.push(carry.trim().toLowerCase());
  return out;
}

/** The words of a text, lower case, punctuation aside ("Katz's" and "Katz’s" are one word). */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace('’', "'"));
}

/**
 * Each break of the rules among the texts, in words: a sentence of six or more words found in
 * two of them (compared word by word), or two that share their first five words.
 */
export function repeatedPhrases(texts: { label: string; text: string }[]): string[] {
  const problems: string[] = [];
  const seenSentences = new Map<string, string>();
  const seenOpenings = new Map<string, string>();
  for (const { label, text } of texts) {
    for (const sentence of new Set(sentences(text))) {
      const words = wordsOf(sentence);
      if (words.length < 6) continue;
      const key = words.join(' ');
      const first = seenSentences.get(key);
      if (first !== undefined && first !== label) problems.push(`"${sentence}" is in ${first} and ${label}`);
      else seenSentences.set(key, label);
    }
    const opening = wordsOf(text).slice(0, 5).join(' ');
    const first = seenOpenings.get(opening);
    if (first !== undefined) problems.push(`${first} and ${label} both open with "${opening}"`);
    else seenOpenings.set(opening, label);
  }
  return problems;
}
