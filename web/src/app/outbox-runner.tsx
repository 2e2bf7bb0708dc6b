import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '@/lib/auth';
import { configureOutbox, outbox, sessionNeedsRefresh } from '@/lib/outbox/device-outbox';
import { supabase } from '@/lib/supabase';
import { toast } from '@/lib/toast';

/**
 * The access token may have ended while offline (or end mid-replay): refresh it first, so the
 * queue is not refused as signed out (decision 230).
 */
async function freshSession(): Promise<void> {
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw new Error('No session to send queued changes with');
  if (!sessionNeedsRefresh(data.session.expires_at, Date.now())) return;
  const { error } = await supabase.auth.refreshSession();
  if (error) throw error;
}

let configured: Promise<void> | null = null;
function configure(): Promise<void> {
  configured ??= import('./outbox-senders').then(({ senders }) =>
    configureOutbox({ senders, beforeReplay: freshSession, onSent: () => undefined }),
  );
  return configured;
}

async function replay(queryClient: QueryClient, userId: string): Promise<void> {
  await outbox.ready;
  if (!onlineManager.isOnline() || !outbox.list(userId).some((item) => item.status === 'waiting')) return;
  await configure();
  const { sent, failed } = await outbox.replay(userId);
  // What was sent changes stars, lists, reviews and places: everything on screen is read again.
  if (sent > 0) await queryClient.invalidateQueries();
  if (sent > 0 && failed === 0) toast.success(sent === 1 ? 'Your change was sent' : `Your ${sent} changes were sent`);
  if (failed > 0) toast.error(failed === 1 ? 'A change was not sent' : `${failed} changes were not sent`);
}

/**
 * Sends the member's queued writes when the connection returns and when the app opens with
 * some waiting; the outbox panel shows what the server refused.
 */
export function OutboxRunner() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    const run = () => void replay(queryClient, userId).catch((error: unknown) => console.warn('Queued changes not sent yet', error));
    run();
    return onlineManager.subscribe((online) => (online ? run() : undefined));
  }, [queryClient, userId]);
  return null;
}
