/**
 * The URL this page was opened with, copied before anything can rewrite it. supabase-js reads an
 * auth callback (`#access_token=…`, `?code=…`, `#error_code=…`) as soon as the client is created
 * and then cleans it from the address bar; `lib/supabase.ts` imports this module, so the copy is
 * always taken before the client exists, however the build splits or schedules the chunks.
 */
const opened = new URL(window.location.href);

export const openingQuery: URLSearchParams = new URLSearchParams(opened.search);
export const openingFragment: URLSearchParams = new URLSearchParams(opened.hash.slice(1));
