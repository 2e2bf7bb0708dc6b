import path from 'node:path';

/**
 * House rules about files as a whole (docs/style.md): names in kebab-case, and a file past
 * 300 lines says why in its first comment.
 */

/** A name part: lowercase words joined by hyphens. Dots separate parts (`x.test.ts`, `vite.config.ts`). */
const kebabPart = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Folders may start with `_` where a platform gives that a meaning (Supabase's `functions/_shared`). */
const kebabFolder = /^_?[a-z0-9]+(-[a-z0-9]+)*$/;

export const kebabCaseFileName = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File and folder names in kebab-case' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
    messages: { name: '"{{name}}" is not kebab-case: lowercase words joined by hyphens ({{suggestion}}).' },
  },
  create(context) {
    const relative = path.relative(context.options[0].root, path.resolve(context.filename));
    const segments = relative.split(path.sep);
    const file = segments.pop() ?? '';
    const bad = [
      ...segments.filter((folder) => !kebabFolder.test(folder)),
      ...(file.split('.').every((part) => kebabPart.test(part)) ? [] : [file]),
    ];
    return {
      Program(node) {
        for (const name of bad) {
          const suggestion = name
            .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
            .replace(/[_\s]+/g, '-')
            .toLowerCase();
          context.report({ node, loc: { line: 1, column: 0 }, messageId: 'name', data: { name, suggestion } });
        }
      },
    };
  },
};

/** How a long file's first comment states its reason. */
export const longFileMarker = 'Over 300 lines:';

export const longFileStatesWhy = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A file over the line limit says why in its first comment' },
    schema: [{ type: 'object', properties: { max: { type: 'number' } }, additionalProperties: false }],
    messages: {
      long: `{{lines}} lines (over {{max}}): split the file, or give the reason in its first comment, after "${longFileMarker}".`,
    },
  },
  create(context) {
    const max = context.options[0]?.max ?? 300;
    return {
      Program(node) {
        const source = context.sourceCode;
        const lines = source.lines.length - (source.lines.at(-1) === '' ? 1 : 0);
        if (lines <= max) return;
        const first = source.getAllComments()[0];
        if (first?.value.includes(longFileMarker)) return;
        context.report({ node, loc: { line: 1, column: 0 }, messageId: 'long', data: { lines: String(lines), max: String(max) } });
      },
    };
  },
};
