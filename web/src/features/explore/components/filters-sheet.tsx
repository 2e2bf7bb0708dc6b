import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FilterControls, type FilterControlsProps } from './filter-controls';

/**
 * The phone's filters (decision 325): behind the Filters button so that only the search row
 * stands above the map; each change applies at once, the list and the map follow behind.
 */
export default function FiltersSheet({
  open,
  onOpenChange,
  count,
  message,
  ...controls
}: FilterControlsProps & { open: boolean; onOpenChange: (open: boolean) => void; count: number; message: string | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Filters" className="space-y-3">
        <div className="space-y-3">
          <FilterControls {...controls} />
        </div>
        {message ? (
          <p role="status" className="text-sm text-slate-700">
            {message}
          </p>
        ) : null}
        <DialogClose asChild>
          <Button className="mt-4 w-full">{count === 1 ? 'Show 1 place' : `Show ${count} places`}</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
