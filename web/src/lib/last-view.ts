/**
 * The area the visitor last looked at on Explore's map, kept for this tab (sessionStorage) so
 * the Add-a-place map opens where they were exploring. Explore writes it; nothing is sent.
 */
export interface RememberedView {
  lat: number;
  lng: number;
  zoom: number;
}

const key = 'pinstar-explore-view';

export function rememberExploreView(view: RememberedView): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ lat: view.lat, lng: view.lng, zoom: view.zoom }));
  } catch {
    // Storage refused (private mode, quota): the Add-a-place map falls back to its default.
  }
}

export function lastExploreView(): RememberedView | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { lat, lng, zoom } = value as Record<string, unknown>;
    const ok = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && v >= min && v <= max;
    return ok(lat, -90, 90) && ok(lng, -180, 180) && ok(zoom, 0, 20) ? { lat, lng, zoom } : null;
  } catch {
    return null;
  }
}
