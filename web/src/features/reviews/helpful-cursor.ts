/** Where a "Most helpful" page ends: the last review's vote count, date and id. */
export interface HelpfulCursor {
  helpful_count: number;
  created_at: string;
  id: string;
}

/**
 * The reviews after `c` in (helpful_count, created_at, id) descending order, as one PostgREST
 * `or` filter (keyset paging: a vote that moves a review between pages neither repeats nor
 * skips one). The timestamp is quoted: it holds `:` and `+`.
 */
export function afterHelpful(c: HelpfulCursor): string {
  const h = String(c.helpful_count);
  const at = `"${c.created_at}"`;
  return `helpful_count.lt.${h},and(helpful_count.eq.${h},created_at.lt.${at}),and(helpful_count.eq.${h},created_at.eq.${at},id.lt.${c.id})`;
}
