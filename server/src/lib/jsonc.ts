/**
 * JSON with comments and trailing commas, as the Supabase CLI 3.x reads `supabase/config.jsonc`:
 * comments and the commas before a closing bracket are blanked outside strings, then JSON.parse
 * reads the rest (so its error positions still point into the file as written).
 */
export function parseJsonc(text: string): unknown {
  const out = text.split('');
  let i = 0;
  let lastSignificant = -1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      for (i += 1; i < text.length && text[i] !== '"'; i += text[i] === '\\' ? 2 : 1);
      lastSignificant = i;
      i += 1;
    } else if (ch === '/' && text[i + 1] === '/') {
      for (; i < text.length && text[i] !== '\n'; i += 1) out[i] = ' ';
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; i < stop; i += 1) if (text[i] !== '\n') out[i] = ' ';
    } else {
      if ((ch === '}' || ch === ']') && lastSignificant >= 0 && text[lastSignificant] === ',') out[lastSignificant] = ' ';
      if (ch !== undefined && !/\s/.test(ch)) lastSignificant = i;
      i += 1;
    }
  }
  return JSON.parse(out.join(''));
}
