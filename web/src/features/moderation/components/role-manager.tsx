import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { QueryFallback } from '@/components/query-fallback';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { membersQuery, normalizeUsernameSearch } from '../api/roles';
import { MemberRoleRow } from './member-role-row';

/** Admins: find a member by username and change their role behind a confirmation. */
export function RoleManager({ myId }: { myId: string }) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const query = useQuery(membersQuery(search));
  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label="Find a member"
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(normalizeUsernameSearch(input));
        }}
      >
        <FormField label="Username" className="flex-1">
          <Input
            value={input}
            onChange={(event) => setInput(event.target.value)}
            autoCapitalize="none"
            autoComplete="off"
            enterKeyHint="search"
            spellCheck={false}
          />
        </FormField>
        <Button type="submit">
          <Search aria-hidden="true" className="size-4" /> Find
        </Button>
      </form>
      {!search ? null : query.data === undefined ? (
        <QueryFallback
          query={query}
          skeleton={
            <div role="status" aria-label="Searching members">
              <Skeleton className="h-14 w-full" />
            </div>
          }
        />
      ) : query.data.length === 0 ? (
        <p role="status" className="text-sm text-slate-700">
          No member’s username starts with “{search}”.
        </p>
      ) : (
        <ul aria-label="Members found" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {query.data.map((member) => (
            <li key={member.id}>
              <MemberRoleRow member={member} isMe={member.id === myId} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
