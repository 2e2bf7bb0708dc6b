/**
 * One set of value parsers for both drivers, so services see the same JS values on PGlite
 * and PostgreSQL: int8 as a number when it is safe (else its text), dates and times as the
 * text PostgreSQL prints, numeric as text. Anything a client sees is built as JSON in SQL.
 */
const passText = (value: string): string => value;

function parseInt8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

export const typeParsers: Readonly<Record<number, (value: string) => unknown>> = {
  20: parseInt8, // int8
  1082: passText, // date
  1083: passText, // time
  1114: passText, // timestamp
  1184: passText, // timestamptz
  1186: passText, // interval
  1266: passText, // timetz
  1700: passText, // numeric
};
