/**
 * Tailwind class merging for `cn()`: when two utilities set the same thing, the later one wins
 * and the earlier one is dropped (`px-4` then `px-3` → `px-3`; `p-2` after `px-4` drops it).
 * tailwind-merge does this for every utility Tailwind has and costs ≈ 8 KB gzipped in the first
 * download; this covers the utility families the app uses, and tests/web/merge-classes.test.ts
 * checks it gives tailwind-merge's answer for every pair of classes in the built stylesheet.
 * A class outside these families is always kept.
 */

type Rule = readonly [pattern: RegExp, group: string | ((match: RegExpExecArray) => string)];

const color = String.raw`(?:inherit|current|transparent|black|white|surface|\[#[0-9a-fA-F]+\]|[a-z]+-\d{2,3})(?:\/\d+)?`;
const size = String.raw`(?:\d+(?:\.\d+)?|\d+\/\d+|px|auto|full|screen|fit|min|max|prose|[0-9]?xs|sm|md|lg|[0-9]?xl|\[[^\]]+\])`;
const spacing = String.raw`(?:\d+(?:\.\d+)?|px|auto|\[[^\]]+\])`;

const rules: Rule[] = [
  [/^(?:block|inline-block|inline|flex|inline-flex|grid|inline-grid|table|hidden|contents|flow-root|list-item)$/, 'display'],
  [/^(?:static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^(?:visible|invisible|collapse)$/, 'visibility'],
  [/^(?:sr-only|not-sr-only)$/, 'sr'],
  [/^(?:isolate|isolation-auto)$/, 'isolation'],
  [/^container$/, 'container'],
  [new RegExp(`^-?(inset-x|inset-y|inset|top|right|bottom|left)-${size}$`), (m) => m[1] ?? ''],
  [/^z-(?:\d+|auto|\[[^\]]+\])$/, 'z'],
  [new RegExp(`^(p|px|py|pt|pr|pb|pl)-${spacing}$`), (m) => m[1] ?? ''],
  [new RegExp(`^-?(m|mx|my|mt|mr|mb|ml)-${spacing}$`), (m) => m[1] ?? ''],
  [new RegExp(`^(space-x|space-y)-${spacing}$`), (m) => m[1] ?? ''],
  [new RegExp(`^(gap|gap-x|gap-y)-${spacing}$`), (m) => m[1] ?? ''],
  [new RegExp(`^(size|w|h|min-w|min-h|max-w|max-h)-${size}$`), (m) => m[1] ?? ''],
  [/^(?:h|min-h|max-h|w)-\[[^\]]+\]$/, (m) => m[0].slice(0, m[0].indexOf('-['))],
  [/^text-(?:xs|sm|base|lg|[0-9]?xl)$/, 'font-size'],
  [/^text-(?:left|center|right|justify|start|end)$/, 'text-align'],
  [new RegExp(`^text-${color}$`), 'text-color'],
  [/^font-(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, 'font-weight'],
  [/^leading-(?:none|tight|snug|normal|relaxed|loose|\d+|\[[^\]]+\])$/, 'leading'],
  [/^(?:underline|overline|line-through|no-underline)$/, 'text-decoration'],
  [/^underline-offset-(?:\d+|auto)$/, 'underline-offset'],
  [/^decoration-(?:solid|double|dotted|dashed|wavy)$/, 'text-decoration-style'],
  [/^align-(?:baseline|top|middle|bottom|text-top|text-bottom|sub|super)$/, 'vertical-align'],
  [/^(?:uppercase|lowercase|capitalize|normal-case)$/, 'text-transform'],
  [/^(?:truncate|text-ellipsis|text-clip)$/, 'text-overflow'],
  [/^whitespace-/, 'whitespace'],
  [/^break-(?:normal|words|all|keep)$/, 'word-break'],
  [/^line-clamp-/, 'line-clamp'],
  [/^tabular-nums$/, 'numeric-spacing'],
  [/^bg-(?:auto|cover|contain)$/, 'bg-size'],
  [/^bg-(?:center|top|bottom|left|right|left-top|left-bottom|right-top|right-bottom)$/, 'bg-position'],
  [new RegExp(`^bg-${color}$`), 'bg-color'],
  [/^border(?:-(?:\d+))?$/, 'border-w'],
  [/^border-([xytrbl])(?:-\d+)?$/, (m) => `border-w-${m[1] ?? ''}`],
  [/^border-(?:solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  [new RegExp(`^border-${color}$`), 'border-color'],
  [/^rounded(?:-(?:none|sm|md|lg|xl|2xl|3xl|full))?$/, 'rounded'],
  [/^rounded-([tblr])(?:-(?:none|sm|md|lg|xl|2xl|3xl|full))?$/, (m) => `rounded-${m[1] ?? ''}`],
  [/^shadow(?:-(?:sm|md|lg|xl|2xl|none|inner))?$/, 'shadow'],
  [/^opacity-\d+$/, 'opacity'],
  [/^outline-(?:none|hidden|solid|dashed|dotted|double)$/, 'outline-style'],
  [/^outline(?:-\d+)?$/, 'outline-w'],
  [/^-?outline-offset-\d+$/, 'outline-offset'],
  [new RegExp(`^outline-${color}$`), 'outline-color'],
  [/^items-(?:start|end|center|baseline|stretch)$/, 'align-items'],
  [/^justify-(?:start|end|center|between|around|evenly|stretch|normal)$/, 'justify-content'],
  [/^flex-(?:row|row-reverse|col|col-reverse)$/, 'flex-direction'],
  [/^flex-(?:wrap|wrap-reverse|nowrap)$/, 'flex-wrap'],
  [/^flex-(?:1|auto|initial|none)$/, 'flex'],
  [/^shrink(?:-\d+)?$/, 'shrink'],
  [/^grow(?:-\d+)?$/, 'grow'],
  [/^grid-cols-/, 'grid-cols'],
  [/^grid-rows-/, 'grid-rows'],
  [/^col-start-/, 'col-start'],
  [/^row-start-/, 'row-start'],
  [/^row-span-/, 'row-span'],
  [/^overflow-(?:auto|hidden|clip|visible|scroll)$/, 'overflow'],
  [/^overflow-([xy])-(?:auto|hidden|clip|visible|scroll)$/, (m) => `overflow-${m[1] ?? ''}`],
  [/^cursor-/, 'cursor'],
  [/^pointer-events-/, 'pointer-events'],
  [/^touch-/, 'touch'],
  [/^transform$/, 'transform'],
  [/^select-/, 'select'],
  [/^resize(?:-(?:x|y|none))?$/, 'resize'],
  [new RegExp(`^fill-(?:none|${color})$`), 'fill'],
  [new RegExp(`^accent-${color}$`), 'accent'],
  [/^animate-/, 'animate'],
  [/^transition(?:-(?:all|colors|opacity|shadow|transform|none|\[[^\]]+\]))?$/, 'transition'],
  [/^transform(?:-none|-gpu|-cpu)?$/, 'transform'],
  [new RegExp(`^-?translate-x-${size}$`), 'translate-x'],
  [new RegExp(`^-?translate-y-${size}$`), 'translate-y'],
  [/^object-(?:contain|cover|fill|none|scale-down)$/, 'object-fit'],
  [/^aspect-/, 'aspect'],
  [/^divide-([xy])(?:-\d+)?$/, (m) => `divide-${m[1] ?? ''}`],
  [new RegExp(`^divide-${color}$`), 'divide-color'],
  [/^list-(?:none|disc|decimal)$/, 'list-style-type'],
  [/^backdrop-blur(?:-\w+)?$/, 'backdrop-blur'],
  [/^grayscale(?:-0)?$/, 'grayscale'],
  [/^filter(?:-none)?$/, 'filter'],
  [/^scroll-mt-/, 'scroll-mt'],
];

/** Setting the left group also sets every group on the right (so earlier ones are dropped). */
const overrides: Record<string, readonly string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
  px: ['pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
  mx: ['mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  'font-size': ['leading'],
  'border-w': ['border-w-x', 'border-w-y', 'border-w-t', 'border-w-r', 'border-w-b', 'border-w-l'],
  'border-w-x': ['border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  rounded: ['rounded-t', 'rounded-r', 'rounded-b', 'rounded-l'],
  overflow: ['overflow-x', 'overflow-y'],
  'line-clamp': ['display', 'overflow'],
  flex: ['basis', 'grow', 'shrink'],
};

function groupOf(utility: string): string | null {
  for (const [pattern, group] of rules) {
    const match = pattern.exec(utility);
    if (match) return typeof group === 'string' ? group : group(match);
  }
  return null;
}

/** `md:hover:px-2` → variants "hover:md:" (order-insensitive, as Tailwind treats them) and `px-2`. */
function split(className: string): { variants: string; important: boolean; utility: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[') depth++;
    else if (char === ']') depth--;
    else if (char === ':' && depth === 0) {
      parts.push(className.slice(start, i));
      start = i + 1;
    }
  }
  let utility = className.slice(start);
  const important = utility.startsWith('!') || utility.endsWith('!');
  utility = utility.replace(/^!|!$/g, '');
  return { variants: parts.sort().join(':'), important, utility };
}

/** Components render the same few class lists over and over: remember the answers. */
const cache = new Map<string, string>();
const cacheSize = 500;

/** Drops the classes a later class overrides; keeps everything else in order. */
export function mergeClasses(classList: string): string {
  const cached = cache.get(classList);
  if (cached !== undefined) return cached;
  const merged = merge(classList);
  if (cache.size >= cacheSize) cache.clear();
  cache.set(classList, merged);
  return merged;
}

function merge(classList: string): string {
  const classes = classList.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i] ?? '';
    const { variants, important, utility } = split(className);
    const group = groupOf(utility);
    if (group === null) {
      kept.push(className);
      continue;
    }
    const key = `${variants}|${important ? '!' : ''}|`;
    if (taken.has(key + group)) continue;
    taken.add(key + group);
    for (const overridden of overrides[group] ?? []) taken.add(key + overridden);
    kept.push(className);
  }
  return kept.reverse().join(' ');
}
