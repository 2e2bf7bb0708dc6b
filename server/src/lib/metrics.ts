import { sortNames } from './sort-names.ts';

/**
 * Prometheus metrics in the text exposition format (version 0.0.4): counters, gauges and
 * histograms with labels, and gauges read when scraped. Small on purpose: the server needs a
 * handful of series, not a client library's registry.
 */

type Labels = Record<string, string>;

interface Family {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  render(): string[];
}

function labelText(labels: Labels, extra: Labels = {}): string {
  const all = { ...labels, ...extra };
  const parts = Object.entries(all).map(([k, v]) => `${k}="${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}

/** A series' identity: its labels in name order (hot: every request and realtime message counts). */
function keyOf(labels: Labels): string {
  const names = Object.keys(labels);
  if (names.length > 1) sortNames(names);
  let key = '';
  for (const name of names) key += `${name}\u0000${labels[name]}\u0001`;
  return key;
}

export class Counter {
  readonly #values = new Map<string, { labels: Labels; value: number }>();
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
  inc(labels: Labels = {}, by = 1): void {
    const key = keyOf(labels);
    const entry = this.#values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.#values.set(key, entry);
  }
  lines(): string[] {
    return [...this.#values.values()].map((e) => `${this.name}${labelText(e.labels)} ${e.value}`);
  }
}

export class Histogram {
  readonly #series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  readonly name: string;
  readonly buckets: readonly number[];
  constructor(name: string, buckets: readonly number[]) {
    this.name = name;
    this.buckets = buckets;
  }
  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    let series = this.#series.get(key);
    if (!series) {
      series = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.#series.set(key, series);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= (this.buckets[i] ?? 0)) series.counts[i] = (series.counts[i] ?? 0) + 1;
    series.sum += value;
    series.count += 1;
  }
  lines(): string[] {
    return [...this.#series.values()].flatMap((s) => [
      ...this.buckets.map((le, i) => `${this.name}_bucket${labelText(s.labels, { le: String(le) })} ${s.counts[i] ?? 0}`),
      `${this.name}_bucket${labelText(s.labels, { le: '+Inf' })} ${s.count}`,
      `${this.name}_sum${labelText(s.labels)} ${s.sum}`,
      `${this.name}_count${labelText(s.labels)} ${s.count}`,
    ]);
  }
}

/** The server's metrics; one instance per running server. */
export class Metrics {
  readonly #families: Family[] = [];

  counter(name: string, help: string): Counter {
    const counter = new Counter(name);
    this.#families.push({ name, help, type: 'counter', render: () => counter.lines() });
    return counter;
  }

  histogram(name: string, help: string, buckets: readonly number[]): Histogram {
    const histogram = new Histogram(name, buckets);
    this.#families.push({ name, help, type: 'histogram', render: () => histogram.lines() });
    return histogram;
  }

  /** A gauge whose series are read when scraped. */
  gauge(name: string, help: string, read: () => Array<{ labels?: Labels; value: number }>): void {
    this.#families.push({ name, help, type: 'gauge', render: () => read().map((s) => `${name}${labelText(s.labels ?? {})} ${s.value}`) });
  }

  render(): string {
    return `${this.#families.flatMap((f) => [`# HELP ${f.name} ${f.help}`, `# TYPE ${f.name} ${f.type}`, ...f.render()]).join('\n')}\n`;
  }
}

export const latencyBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** The series every server exposes; services add to them through ServiceDeps.metrics. */
export function createServerMetrics() {
  const metrics = new Metrics();
  const started = Date.now() / 1000;
  metrics.gauge('process_start_time_seconds', 'Start time of the process since the Unix epoch in seconds.', () => [{ value: started }]);
  metrics.gauge('process_resident_memory_bytes', 'Resident memory size in bytes.', () => [{ value: process.memoryUsage.rss() }]);
  metrics.gauge('process_cpu_seconds_total', 'Total user and system CPU time spent in seconds.', () => {
    const usage = process.cpuUsage();
    return [{ value: (usage.user + usage.system) / 1e6 }];
  });
  return {
    registry: metrics,
    httpRequests: metrics.counter('pinstar_http_requests_total', 'HTTP requests answered, by service, method and status.'),
    httpDuration: metrics.histogram('pinstar_http_request_duration_seconds', 'Time to answer an HTTP request, by service.', latencyBuckets),
    realtimeMessages: metrics.counter(
      'pinstar_realtime_messages_total',
      'Realtime socket messages, by direction (in from clients, out to them).',
    ),
    dbTransactions: metrics.histogram(
      'pinstar_db_transaction_duration_seconds',
      'Database transactions from asking to finishing (waiting for a connection included), by kind.',
      latencyBuckets,
    ),
    gauge: metrics.gauge.bind(metrics),
  };
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;
