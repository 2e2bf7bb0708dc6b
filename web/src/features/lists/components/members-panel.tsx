import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { describeError } from '@/lib/errors';
import { useInviteMember } from '../api/invite-member';
import { fetchListMembers, listMembersKey } from '../api/members';
import type { ListRole } from '../schemas';

function InviteForm({ userId, listId }: { userId: string; listId: string }) {
  const invite = useInviteMember(userId, listId);
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<ListRole>('editor');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() === '') return setError('Enter a username.');
    setError(undefined);
    invite.mutate(
      { username: username.replace(/^@/, ''), role },
      {
        onSuccess: () => setUsername(''),
        onError: (failure: unknown) =>
          setError(
            failure instanceof Error && 'code' in failure && failure.code === 'unknown_username'
              ? failure.message
              : describeError(failure, { table: 'list_members' }).message,
          ),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2" aria-label="Invite a member">
      <FormField label="Invite by username" error={error} className="min-w-40 flex-1">
        <Input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
      </FormField>
      <label className="space-y-1.5 text-sm font-medium">
        <span className="block">Role</span>
        <select
          className="min-h-9 rounded-md border border-slate-300 px-2"
          value={role}
          onChange={(e) => setRole(e.target.value as ListRole)}
        >
          <option value="editor">Editor</option>
          <option value="viewer">Viewer</option>
        </select>
      </label>
      <Button type="submit" disabled={invite.isPending}>
        Invite
      </Button>
    </form>
  );
}

/** Who shares the list; the owner invites by username. */
export function MembersPanel({ userId, listId, isOwner }: { userId: string; listId: string; isOwner: boolean }) {
  const members = useQuery({ queryKey: listMembersKey(listId), queryFn: () => fetchListMembers(listId) });
  return (
    <section aria-labelledby="members-title" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h2 id="members-title" className="font-semibold">
        Members
      </h2>
      <ul className="space-y-1 text-sm">
        {(members.data ?? []).map((m) => (
          <li key={m.id}>
            {m.user.display_name} <span className="text-slate-600">@{m.user.username}</span> · {m.role === 'editor' ? 'Editor' : 'Viewer'}
            {m.accepted_at ? '' : ' · Invited'}
          </li>
        ))}
        {members.data?.length === 0 ? <li className="text-slate-600">Only you so far.</li> : null}
      </ul>
      {isOwner ? <InviteForm userId={userId} listId={listId} /> : null}
    </section>
  );
}
