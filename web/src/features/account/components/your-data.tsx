import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useExportMyData } from '../api/export-my-data';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Download everything (JSON, and places as GeoJSON) and delete the account. */
export function YourData({ username }: { username: string }) {
  const exporting = useExportMyData(username);
  const busy = exporting.isPending;
  const download = () => exporting.mutate();
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h3 className="font-medium">Download your data</h3>
        <p className="text-sm text-slate-600">
          Your profile, places, reviews, stars and photo links as JSON, and your places as GeoJSON for maps.
        </p>
        <Button variant="secondary" onClick={download} disabled={busy}>
          <Download aria-hidden="true" className="size-4" />
          {busy ? 'Preparing…' : 'Download my data'}
        </Button>
      </div>
      <div className="space-y-2">
        <h3 className="font-medium">Delete your account</h3>
        <p className="text-sm text-slate-600">Removes your account and your files. You’ll be signed out.</p>
        <DeleteAccountDialog username={username} />
      </div>
    </div>
  );
}
