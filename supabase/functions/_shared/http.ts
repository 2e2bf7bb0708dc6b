/** CORS as supabase-js's `corsHeaders`: the browser app may call from any origin. */
export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-retry-count',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers } });
}

/** Errors as `{ code, message }`, the shape the app's error catalogue reads. */
export function errorResponse(status: number, code: string, message: string): Response {
  return json({ code, message }, status);
}
