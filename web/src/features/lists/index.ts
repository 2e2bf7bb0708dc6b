export { type ListSummary, myListsQuery, publicListsQuery } from './api/lists';
export { openListQuery } from './api/open-list';
export { ListDetail } from './components/list-detail';
export { ListSummaries } from './components/list-summaries';
export { NewListForm } from './components/new-list-form';
export { SaveToListButton, SaveToListDialog } from './components/save-to-list-button';
export { ImportListDialog } from './components/import-list-dialog';
export { sendQueuedListPlace } from './api/set-list-place';
export { sendQueuedListNote } from './api/update-list-entry';
