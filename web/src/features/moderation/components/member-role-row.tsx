import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-field';
import { describeError } from '@/lib/errors';
import { paths } from '@/lib/paths';
import { toast } from '@/lib/toast';
import type { MemberWithRole } from '../api/roles';
import { useSetRole } from '../api/set-role';
import { roleLabels, userRoles, type UserRole } from '../schemas';

const roleEffects: Record<UserRole, string> = {
  member: 'They will no longer see the report queue or hide content.',
  moderator: 'They will work the report queue and hide or restore content with a public reason.',
  admin: 'They will moderate and also assign roles, including yours.',
};

/** One member: current role, a new role to pick, and the confirmation before it changes. */
export function MemberRoleRow({ member, isMe }: { member: MemberWithRole; isMe: boolean }) {
  const changeRole = useSetRole();
  const selectId = useId();
  const [next, setNext] = useState<UserRole>(member.role);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  const confirm = async () => {
    setPending(true);
    setError('');
    try {
      await changeRole.mutateAsync({ userId: member.id, role: next });
      toast.success(`@${member.username} is now ${next === 'admin' ? 'an' : 'a'} ${roleLabels[next].toLowerCase()}`);
      setOpen(false);
    } catch (caught: unknown) {
      setError(describeError(caught).message);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <Link to={paths.profile(member.username)} className="font-medium break-words text-brand-700 hover:underline">
          {member.display_name}
        </Link>
        <p className="text-sm text-slate-600">
          @{member.username} · {roleLabels[member.role]}
          {isMe ? ' (you)' : ''}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          New role for @{member.username}
        </label>
        <select
          id={selectId}
          value={next}
          onChange={(event) => setNext(event.target.value as UserRole)}
          className="min-h-9 rounded-md border border-slate-300 bg-surface px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {userRoles.map((role) => (
            <option key={role} value={role}>
              {roleLabels[role]}
            </option>
          ))}
        </select>
        <AlertDialog
          open={open}
          onOpenChange={(value) => {
            if (pending) return;
            setOpen(value);
            setError('');
          }}
        >
          <AlertDialogTrigger asChild>
            <Button size="sm" disabled={next === member.role}>
              <span>
                Change role<span className="sr-only"> of @{member.username}</span>
              </span>
            </Button>
          </AlertDialogTrigger>
          <AlertDialogContent
            title={`Make @${member.username} ${next === 'admin' ? 'an' : 'a'} ${roleLabels[next].toLowerCase()}?`}
            description={`${roleLabels[member.role]} → ${roleLabels[next]}. ${roleEffects[next]} The change is recorded in the public moderation log.`}
          >
            <FormError className="mt-4">{error}</FormError>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
              <Button onClick={() => void confirm()} disabled={pending}>
                {pending ? 'Changing…' : 'Change role'}
              </Button>
            </div>
          </AlertDialogContent>
        </AlertDialog>
      </div>
    </div>
  );
}
