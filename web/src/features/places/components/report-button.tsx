import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toaster';
import { signInPath } from '@/lib/auth-redirect';
import type { Database } from '@/lib/database.types';
import { describeError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

type Reason = Database['public']['Enums']['report_reason'];
type Target = Database['public']['Enums']['content_type'];

const reasons: { value: Reason; label: string }[] = [
  { value: 'spam', label: 'Spam or advertising' },
  { value: 'offensive', label: 'Offensive or abusive' },
  { value: 'wrong_info', label: 'Wrong information' },
  { value: 'closed_or_moved', label: 'Closed or moved' },
  { value: 'duplicate', label: 'Duplicate of another place' },
  { value: 'other', label: 'Something else' },
];

/** Report a place, review or photo to the moderators (a row in `reports`). */
export function ReportButton({ userId, targetType, targetId, label = 'Report' }: { userId: string | null; targetType: Target; targetId: string; label?: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<Reason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const location = useLocation();
  const id = useId();
  if (!userId) {
    return (
      <Link to={signInPath(location.pathname)} className={buttonVariants({ variant: 'ghost' })}>
        <Flag aria-hidden="true" className="size-4" /> {label}
      </Link>
    );
  }
  const submit = async () => {
    if (!reason) {
      setError('Choose a reason.');
      return;
    }
    setBusy(true);
    const { error: failure } = await supabase.from('reports').insert({ reporter_id: userId, target_type: targetType, target_id: targetId, reason, note: note.trim() || null });
    setBusy(false);
    if (failure) {
      setError(failure.code === '23505' ? 'You already reported this; moderators will look at it.' : describeError(failure, { table: 'reports' }).message);
      return;
    }
    toast.success('Thanks — moderators will review your report.');
    setOpen(false);
    setReason(null);
    setNote('');
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (setOpen(next), setError(null))}>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <Flag aria-hidden="true" className="size-4" /> {label}
      </Button>
      <DialogContent title="Report this" description="Moderators check every report and act in the open (see the moderation log).">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          className="space-y-4"
        >
          <FormError>{error}</FormError>
          <fieldset>
            <legend className="text-sm font-medium">Reason</legend>
            <div className="mt-2 space-y-1">
              {reasons.map((r) => (
                <label key={r.value} className="flex min-h-8 items-center gap-2 text-sm">
                  <input type="radio" name={`${id}-reason`} value={r.value} checked={reason === r.value} onChange={() => setReason(r.value)} className="size-4 accent-brand-600" />
                  {r.label}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="space-y-1.5">
            <label htmlFor={`${id}-note`} className="text-sm font-medium">
              Note (optional)
            </label>
            <Textarea id={`${id}-note`} rows={3} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
