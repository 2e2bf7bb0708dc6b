export { ExploreView } from './components/explore-view';
export { defaultExplore, type ExploreState, parseExplore, toSearchParams } from './url-state';
export type { StarredIdsQuery } from './hooks/use-explore-places';
