import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface ChartLine {
  name: string;
  /** [size, p95 ms] pairs; a NaN figure (not taken) leaves a gap. */
  points: [number, number][];
}

export interface Chart {
  title: string;
  /** A second line under the title: the run's date, commit and load average. */
  subtitle: string;
  xLabel: string;
  yLabel: string;
  lines: ChartLine[];
  /** A dashed horizontal line at the goal. */
  goal?: number;
}

const width = 720;
const height = 420;
const margin = { left: 70, right: 190, top: 64, bottom: 56 };
const colours = ['#2563eb', '#dc2626', '#059669', '#9333ea', '#d97706', '#0891b2'];

const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const round = (n: number) => Math.round(n * 10) / 10;

/** 1, 2, 5 × 10^k at or above `value`: a round top for the y axis. */
function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** Sizes as people write them: 10,000 → "10k", 1,000,000 → "1M". */
function sizeLabel(n: number): string {
  if (n >= 1_000_000) return `${round(n / 1_000_000)}M`;
  if (n >= 1000) return `${round(n / 1000)}k`;
  return String(n);
}

/**
 * A line chart as a standalone SVG: size on a logarithmic x axis (the sizes measured are
 * decades apart), p95 on a linear y axis from 0, one line per backend, the goal dashed.
 * No dependency: the benches write it beside their table and docs/figures.md shows it.
 */
export function renderChart(chart: Chart): string {
  const xs = chart.lines.flatMap((line) => line.points.map(([x]) => x)).filter((x) => x > 0);
  const ys = chart.lines.flatMap((line) => line.points.map(([, y]) => y)).filter(Number.isFinite);
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs);
  const yMax = niceCeiling(Math.max(...ys, chart.goal ?? 0, 1) * 1.05);
  const plotW = width - margin.left - margin.right;
  const plotH = height - margin.top - margin.bottom;
  const x = (v: number) =>
    margin.left + (xMax === xMin ? plotW / 2 : ((Math.log10(v) - Math.log10(xMin)) / (Math.log10(xMax) - Math.log10(xMin))) * plotW);
  const y = (v: number) => margin.top + plotH - (v / yMax) * plotH;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${margin.left}" y="22" font-size="15" font-weight="600">${escape(chart.title)}</text>`,
    `<text x="${margin.left}" y="40" fill="#555555">${escape(chart.subtitle)}</text>`,
  ];
  for (let k = 0; k <= 5; k++) {
    const v = (yMax / 5) * k;
    parts.push(
      `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${round(y(v))}" y2="${round(y(v))}" stroke="#e5e7eb"/>`,
      `<text x="${margin.left - 8}" y="${round(y(v)) + 4}" text-anchor="end">${round(v)}</text>`,
    );
  }
  for (const v of [...new Set(xs)].sort((a, b) => a - b)) {
    parts.push(
      `<line x1="${round(x(v))}" x2="${round(x(v))}" y1="${margin.top}" y2="${margin.top + plotH}" stroke="#e5e7eb"/>`,
      `<text x="${round(x(v))}" y="${margin.top + plotH + 18}" text-anchor="middle">${sizeLabel(v)}</text>`,
    );
  }
  parts.push(
    `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${margin.top + plotH}" y2="${margin.top + plotH}" stroke="#111111"/>`,
    `<line x1="${margin.left}" x2="${margin.left}" y1="${margin.top}" y2="${margin.top + plotH}" stroke="#111111"/>`,
    `<text x="${margin.left + plotW / 2}" y="${height - 14}" text-anchor="middle">${escape(chart.xLabel)}</text>`,
    `<text transform="translate(18 ${margin.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escape(chart.yLabel)}</text>`,
  );
  if (chart.goal !== undefined) {
    parts.push(
      `<line x1="${margin.left}" x2="${margin.left + plotW}" y1="${round(y(chart.goal))}" y2="${round(y(chart.goal))}" stroke="#111111" stroke-dasharray="6 4"/>`,
      `<text x="${margin.left + plotW + 6}" y="${round(y(chart.goal)) + 4}">goal ${chart.goal} ms</text>`,
    );
  }
  chart.lines.forEach((line, k) => {
    const colour = colours[k % colours.length] ?? '#000000';
    const points = line.points.filter(([px, py]) => px > 0 && Number.isFinite(py));
    if (points.length > 1)
      parts.push(
        `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points.map(([px, py]) => `${round(x(px))},${round(y(py))}`).join(' ')}"/>`,
      );
    for (const [px, py] of points)
      parts.push(
        `<circle cx="${round(x(px))}" cy="${round(y(py))}" r="3.5" fill="${colour}"><title>${escape(`${line.name}: ${sizeLabel(px)}, ${py.toFixed(2)} ms`)}</title></circle>`,
      );
    const legendY = margin.top + 20 + k * 20;
    parts.push(
      `<line x1="${margin.left + plotW + 12}" x2="${margin.left + plotW + 32}" y1="${legendY - 4}" y2="${legendY - 4}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${margin.left + plotW + 38}" y="${legendY}">${escape(line.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** Where the benches' charts go: docs/figures/ (BENCH_CHART_DIR overrides), shown by docs/figures.md. */
export function writeChart(file: string, chart: Chart): string {
  const dir = process.env.BENCH_CHART_DIR ?? path.resolve(import.meta.dirname, '../../docs/figures');
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, file);
  writeFileSync(target, renderChart(chart));
  return target;
}
