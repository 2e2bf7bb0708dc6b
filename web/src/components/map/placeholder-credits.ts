/**
 * The credit line as the map placeholder draws it (here and in the static shell of index.html):
 * Leaflet's attribution box, its size and colours, with the links as plain text since the
 * placeholder is hidden from assistive technology and cannot be focused.
 */
export const creditsClass = 'absolute right-0 bottom-0 bg-white/80 px-[5px] text-xs leading-[1.4] text-[#333]';

export function placeholderCreditsHtml(creditsHtml: string): string {
  return creditsHtml.replace(/<a\b[^>]*>/g, '<span style="color:#0078a8;text-decoration:underline">').replace(/<\/a>/g, '</span>');
}
