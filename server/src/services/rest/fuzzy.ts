/** Levenshtein similarity, the best candidate at or above `minScore` (PostgREST uses a fuzzy set). */
export function closest(word: string, candidates: readonly string[], minScore: number): string | null {
  let best: string | null = null;
  let bestScore = minScore;
  for (const candidate of candidates) {
    const score = 1 - distance(word.toLowerCase(), candidate.toLowerCase()) / Math.max(word.length, candidate.length, 1);
    if (score >= bestScore && candidate !== word) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] ?? 0;
      row[j] = Math.min((row[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}
