import { errors, type RestError } from '../errors.ts';

/** A position in one query-string value, with PostgREST-shaped (PGRST100) parse errors. */
export class Cursor {
  readonly text: string;
  readonly what: string;
  pos = 0;

  constructor(what: string, text: string) {
    this.what = what;
    this.text = text;
  }

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(n = 0): string {
    return this.text[this.pos + n] ?? '';
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }

  expect(s: string, expecting = `"${s}"`): void {
    if (!this.eat(s)) throw this.fail(expecting);
  }

  fail(expecting: string): RestError {
    const at = this.done ? 'end of input' : `"${this.peek()}"`;
    return errors.parseFailure(this.what, this.text, this.pos + 1, at, expecting);
  }

  /** A double-quoted value with backslash escapes (PostgREST pQuotedValue). */
  quoted(): string {
    this.expect('"');
    let out = '';
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\' && this.pos + 1 < this.text.length) this.pos++;
      out += this.peek();
      this.pos++;
    }
    this.expect('"', 'closing quote');
    return out;
  }

  /** A field name: letters, digits, `_`, `$`, spaces and single dashes not starting `->` (PostgREST pFieldName). */
  name(): string {
    if (this.peek() === '"') return this.quoted();
    const start = this.pos;
    while (!this.done) {
      const ch = this.peek();
      if (ch === '-' && this.peek(1) !== '>' && this.pos > start) {
        this.pos++;
        continue;
      }
      if (/[\p{L}\p{N}_$ ]/u.test(ch)) {
        this.pos++;
        continue;
      }
      break;
    }
    const name = this.text.slice(start, this.pos).trim();
    if (name === '') throw this.fail('field name');
    return name;
  }
}
