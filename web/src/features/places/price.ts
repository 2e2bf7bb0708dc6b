/** Price levels 1–4 (places.price_level) in words, and in the symbol of the place's currency area. */
export const priceWords = ['Inexpensive', 'Moderate', 'Expensive', 'Very expensive'] as const;

/** The symbol people expect where the place is: guessed from its time zone, "$" when unknown. */
export function currencySymbol(timeZone: string | null): string {
  if (!timeZone) return '$';
  if (timeZone === 'Europe/London' || timeZone === 'Europe/Belfast') return '£';
  if (timeZone === 'Asia/Tokyo') return '¥';
  if (timeZone.startsWith('Europe/')) return '€';
  return '$';
}

/** "€€ · Moderate". */
export function priceLabel(level: number, timeZone: string | null): { symbols: string; words: string } {
  const n = Math.min(4, Math.max(1, Math.round(level)));
  return { symbols: currencySymbol(timeZone).repeat(n), words: priceWords[n - 1] ?? '' };
}
