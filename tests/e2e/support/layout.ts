import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/** The most lines any one text inside `root` takes (its client rects' distinct tops). */
export async function linesOfText(root: Locator): Promise<number> {
  return root.evaluate((element) => {
    const walker = element.ownerDocument.createTreeWalker(element, 4 /* NodeFilter.SHOW_TEXT: the test tsconfig has no DOM globals */);
    let most = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = element.ownerDocument.createRange();
      range.selectNodeContents(node);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      most = Math.max(most, tops.size);
    }
    return most;
  });
}

/**
 * No visible element reaches past the viewport's left or right edge, unless an ancestor that
 * stays inside it clips or scrolls it (a row of chips that scrolls sideways, the map's tiles).
 * A string, since the test tsconfig has no DOM types.
 */
const overflowing = `(() => {
  const width = document.documentElement.clientWidth;
  const inside = (r) => r.left >= -0.5 && r.right <= width + 0.5;
  const found = [];
  for (const el of document.body.querySelectorAll('*')) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || inside(rect)) continue;
    const style = getComputedStyle(el);
    // Hidden, or visually hidden for screen readers (sr-only: 1 px, clipped away).
    if (style.visibility === 'hidden' || style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') continue;
    let clipped = false;
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible' && inside(up.getBoundingClientRect())) {
        clipped = true;
        break;
      }
    }
    if (clipped) continue;
    const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '');
    found.push(name + ' [' + Math.round(rect.left) + '..' + Math.round(rect.right) + ']');
  }
  return found;
})()`;

export async function assertNoElementOverflows(page: Page, label: string): Promise<void> {
  const found = await page.evaluate<string[]>(overflowing);
  assert.deepEqual(found, [], `${label}: elements reach past the ${page.viewportSize()?.width ?? '?'} px viewport`);
}
