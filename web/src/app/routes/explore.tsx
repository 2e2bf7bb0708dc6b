import { ExploreView } from '@/features/explore';
import { starredIdsQuery } from '@/features/stars';

/**
 * `/`: the home page keeps the app's own title, "Pinstar". Explore filters search results on
 * the member's stars with the stars feature's query.
 */
export function ExploreRoute() {
  return <ExploreView starredIdsQuery={starredIdsQuery} />;
}
