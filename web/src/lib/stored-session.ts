import type { Session } from '@supabase/supabase-js';
import { authStorageKey } from './supabase';

/**
 * The session supabase-js keeps on this device (localStorage), read directly. While the app is
 * offline, supabase-js cannot say who is signed in when the access token has ended (it waits to
 * renew it, lib/supabase.ts), yet the member is: the session stays stored until the server
 * refuses it or the member signs out, and what they opened is kept for them (decision 390).
 */
export function storedSession(): Session | null {
  try {
    const raw = window.localStorage.getItem(authStorageKey);
    if (!raw) return null;
    const session = JSON.parse(raw) as Partial<Session> | null;
    if (!session || typeof session.access_token !== 'string' || typeof session.refresh_token !== 'string') return null;
    if (!session.user || typeof session.user.id !== 'string') return null;
    return session as Session;
  } catch {
    // Storage unavailable (private mode) or not JSON: no session kept on this device.
    return null;
  }
}
