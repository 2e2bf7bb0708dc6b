/** Query keys of the places feature; `['places']` is invalidated on live place events. */
export const placeKeys = {
  all: ['places'] as const,
  inView: (view: unknown) => ['places', 'in-view', view] as const,
  search: (q: string) => ['places', 'search', q] as const,
  nearby: (lat: number, lng: number) => ['places', 'nearby', lat, lng] as const,
  detail: (id: string) => ['places', 'detail', id] as const,
  histogram: (id: string) => ['places', 'histogram', id] as const,
  similar: (name: string, lat: number, lng: number) => ['places', 'similar', name, lat, lng] as const,
};
