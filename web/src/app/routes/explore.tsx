import { ExploreView } from '@/features/explore';

/** `/`: the home page keeps the app's own title, "Pinstar". */
export function ExploreRoute() {
  return <ExploreView />;
}
