import * as z from 'zod/mini';

/**
 * The Supabase project settings baked into a build (`VITE_SUPABASE_URL`,
 * `VITE_SUPABASE_ANON_KEY`). They are fixed when the app is built, so `vite.config.ts`
 * validates them then and a wrong value stops the build instead of a visitor's page; the app
 * itself reads them without zod (`env.ts`), keeping zod out of the first download (decision 072).
 */
export const buildEnvSchema = z.object({
  VITE_SUPABASE_URL: z.optional(z.url({ error: 'VITE_SUPABASE_URL must be the URL of a Supabase project (https://<ref>.supabase.co)' })),
  VITE_GEOCODER_URL: z.optional(z.url({ error: 'VITE_GEOCODER_URL must be the URL of a Nominatim-compatible search endpoint' })),
  VITE_SUPABASE_ANON_KEY: z.optional(
    z.string().check(z.minLength(20, { error: 'VITE_SUPABASE_ANON_KEY must be the project’s anon or publishable key' })),
  ),
});

/** Throws one sentence naming every wrong setting; empty settings mean "use the serving server". */
export function validateBuildEnv(env: Record<string, string | undefined>): void {
  const present = Object.fromEntries(
    Object.entries(env).filter(([key, value]) => key in buildEnvSchema.shape && value !== undefined && value !== ''),
  );
  const result = buildEnvSchema.safeParse(present);
  if (!result.success) {
    throw new Error(`Pinstar is not configured: ${result.error.issues.map((issue) => issue.message).join('; ')}`);
  }
}
