// The one export lazy-realtime.ts needs from realtime-js: its chunk then carries what the
// client uses, not every export of the package (a dynamic import keeps a module's namespace).
export { RealtimeClient } from '@supabase/realtime-js';
