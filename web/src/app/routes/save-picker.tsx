import { SaveToListDialog } from '@/features/lists';

/** The list picker for Explore's cards and map preview, in its own chunk: it loads on demand. */
export default SaveToListDialog;
