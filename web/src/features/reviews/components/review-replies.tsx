import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { RelativeTime } from '@/components/relative-time';
import { RoleBadge } from '@/components/role-badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/lib/paths';
import { firstReplies, repliesQuery, useDeleteReply, useSaveReply } from '../api/replies';
import { isEdited, replyInput, type Reply, type ReplyInput, type Review } from '../schemas';

export interface ReplySlots {
  /** Why a hidden reply is hidden (its author and moderators see it). */
  hiddenNotice?: (reply: Reply) => ReactNode;
  /** The report button of someone else's reply. */
  actions?: (reply: Reply, authorName: string) => ReactNode;
}

function ReplyForm({ review, reply, onDone }: { review: Review; reply?: Reply; onDone: () => void }) {
  const save = useSaveReply(review.id, review.place_id);
  const form = useForm<ReplyInput>({ resolver: zodResolver(replyInput), defaultValues: { body: reply?.body ?? '' } });
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { id: reply?.id, body: values.body },
      {
        onSuccess: () => {
          form.reset({ body: '' });
          onDone();
        },
      },
    ),
  );
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-2 space-y-2" noValidate>
      <FormField label={reply ? 'Edit your reply' : 'Your reply'} error={form.formState.errors.body?.message}>
        <Textarea rows={2} maxLength={1000} {...form.register('body')} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : reply ? 'Save reply' : 'Post reply'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ReplyItem({ review, reply, userId, slots }: { review: Review; reply: Reply; userId: string | null; slots: ReplySlots }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeleteReply(review.id, review.place_id);
  const name = reply.author?.display_name ?? 'Former member';
  const mine = userId !== null && reply.author_id === userId;
  return (
    <li className="border-l-2 border-slate-200 py-2 pl-3">
      <p className="text-xs text-slate-600">
        {reply.author ? (
          <Link to={paths.profile(reply.author.username)} className="font-semibold text-slate-900 hover:underline">
            {name}
          </Link>
        ) : (
          <span className="font-semibold text-slate-900">{name}</span>
        )}
        <RoleBadge role={reply.author?.role} className="ml-1" /> · <RelativeTime value={reply.created_at} />
        {isEdited(reply) ? ' (edited)' : ''}
      </p>
      {reply.hidden_at
        ? (slots.hiddenNotice?.(reply) ?? <p className="text-sm font-medium text-amber-800">Hidden by moderators.</p>)
        : null}
      {editing ? (
        <ReplyForm review={review} reply={reply} onDone={() => setEditing(false)} />
      ) : (
        <p className="text-sm break-words whitespace-pre-line text-slate-800">{reply.body}</p>
      )}
      {mine && !editing ? (
        <div className="flex gap-1">
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit your reply`}>
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate(reply.id)}
            aria-label="Delete your reply"
          >
            Delete
          </Button>
        </div>
      ) : !mine ? (
        slots.actions?.(reply, name)
      ) : null}
    </li>
  );
}

/** The replies under a review: their count, the first few, "Show all", and a reply form for members. */
export function ReviewReplies({ review, userId, slots = {} }: { review: Review; userId: string | null; slots?: ReplySlots }) {
  const [all, setAll] = useState(false);
  const [writing, setWriting] = useState(false);
  const count = review.reply_count;
  const replies = useQuery({ ...repliesQuery(review.id, all), enabled: count > 0 || all });
  const shown = replies.data ?? [];
  return (
    <section aria-label={`Replies to ${review.author?.display_name ?? 'this review'}`} className="mt-2">
      {count > 0 ? <p className="text-xs font-medium text-slate-700">{count === 1 ? '1 reply' : `${count} replies`}</p> : null}
      {shown.length ? (
        <ul className="mt-1 space-y-1">
          {shown.map((reply) => (
            <ReplyItem key={reply.id} review={review} reply={reply} userId={userId} slots={slots} />
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-1">
        {!all && count > firstReplies ? (
          <Button variant="link" size="sm" onClick={() => setAll(true)}>
            Show all {count} replies
          </Button>
        ) : null}
        {userId && !review.hidden_at && !writing ? (
          <Button variant="ghost" size="sm" onClick={() => setWriting(true)}>
            Reply
          </Button>
        ) : null}
      </div>
      {writing ? <ReplyForm review={review} onDone={() => setWriting(false)} /> : null}
    </section>
  );
}
