import { cpus, loadavg } from 'node:os';

/**
 * A bench's goals: each figure is printed beside its goal with `met` or `MISSED`, and a bench
 * that missed one exits non-zero once it has printed everything (decision 420). A figure that
 * could not be taken (NaN: nothing arrived, the run failed) is a miss, never a pass.
 */
export class Goals {
  readonly #missed: string[] = [];

  /** `value` against `goal` (`at most` or `at least`); returns the figure with its verdict, to print. */
  check(name: string, value: number, goal: number, options: { unit?: string; digits?: number; atLeast?: boolean } = {}): string {
    const { unit = '', digits = 2, atLeast = false } = options;
    const met = Number.isFinite(value) && (atLeast ? value >= goal : value <= goal);
    const figure = `${Number.isFinite(value) ? value.toFixed(digits) : 'none'}${unit}`;
    const line = `${figure} [goal ${atLeast ? '≥' : '≤'} ${goal}${unit}: ${met ? 'met' : 'MISSED'}]`;
    if (!met) this.#missed.push(`${name}: ${line}`);
    return line;
  }

  /** A count that must be complete: `delivered` of `expected` (lost counts as failed). */
  complete(name: string, delivered: number, expected: number): string {
    const met = delivered === expected && expected > 0;
    const line = `${delivered}/${expected} delivered (${expected > 0 ? ((delivered / expected) * 100).toFixed(2) : '0'} %) [goal 100 %: ${met ? 'met' : 'MISSED'}]`;
    if (!met) this.#missed.push(`${name}: ${line}`);
    return line;
  }

  /** Something that must never happen, counted: `count` must be 0. */
  none(name: string, count: number, what: string): string {
    const line = `${count} ${what} [goal 0: ${count === 0 ? 'met' : 'MISSED'}]`;
    if (count !== 0) this.#missed.push(`${name}: ${line}`);
    return line;
  }

  get missed(): readonly string[] {
    return this.#missed;
  }

  /** Prints the verdict and sets the exit code: 1 when any goal was missed. */
  finish(log: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): void {
    log(`machine: ${cpus().length} cores; load average at the end ${loadText()}`);
    if (this.#missed.length === 0) {
      log('every goal met');
      return;
    }
    log(`${this.#missed.length} goal(s) missed:`);
    for (const line of this.#missed) log(`  ${line}`);
    process.exitCode = 1;
  }
}

/** The 1, 5 and 15 minute load averages, as printed beside every figure. */
export function loadText(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}
