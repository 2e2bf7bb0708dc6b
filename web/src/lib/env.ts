export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/**
 * The Supabase project the app talks to: VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY when the
 * build baked them in (validated with zod by the build, `env-schema.ts`), else the serving
 * origin and the anon key the local server writes into the page.
 */
export function readEnv(): AppEnv {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="supabase-anon-key"]')?.content;
  const supabaseAnonKey = import.meta.env.VITE_SUPABASE_ANON_KEY || meta || '';
  if (!supabaseAnonKey) {
    throw new Error('Pinstar is not configured: VITE_SUPABASE_ANON_KEY is missing: set it to the project’s anon or publishable key');
  }
  return { supabaseUrl: import.meta.env.VITE_SUPABASE_URL || window.location.origin, supabaseAnonKey };
}
