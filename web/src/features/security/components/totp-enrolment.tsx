import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useConfirmTotp, type PendingTotp } from '../api/factors';
import { CodeForm } from './code-form';

/**
 * Setting up one authenticator app: its QR code and key, what losing the phone means, and the
 * code that proves the app works. `backup`: a second app, for when the first is lost.
 */
export function TotpEnrolment({
  userId,
  pending,
  backup,
  onDone,
}: {
  userId: string;
  pending: PendingTotp;
  backup: boolean;
  onDone: () => void;
}) {
  const confirm = useConfirmTotp(userId);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        {backup
          ? 'Scan this code with a second authenticator app — on another phone, a tablet or in your password manager — then enter the 6-digit code it shows.'
          : 'Scan this code with an authenticator app, then enter the 6-digit code it shows.'}
      </p>
      <img src={pending.qrCode} alt="QR code for your authenticator app" className="size-48 rounded border border-slate-200 bg-white p-2" />
      <p className="text-sm text-slate-600">
        Can’t scan? Enter this key: <code className="break-all text-slate-900">{pending.secret}</code>
      </p>
      <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
        If you lose the phone with this app, you can’t sign in without a code from another app you set up. Keep this key somewhere safe,
        such as a password manager: typed into a new app, it gives the same codes. Once this app works, add a second one as a backup.
      </p>
      <CodeForm
        label="Code from the app"
        submitLabel={backup ? 'Add backup authenticator' : 'Turn on two-factor'}
        onCode={async (code) => {
          await confirm.mutateAsync({ factorId: pending.factorId, code });
          toast.success(backup ? 'Backup authenticator added' : 'Two-factor sign-in is on');
          onDone();
        }}
      />
      <Button variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </div>
  );
}
