import { reachability } from './reachability';
import { supabase, supabaseAnonKey, supabaseUrl } from './supabase';

export interface UploadOptions {
  bucket: string;
  path: string;
  body: Blob;
  upsert?: boolean;
  /** The object's Cache-Control (default `max-age=3600`, as storage-js); its variants send it too. */
  cacheControl?: string;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A storage error shaped like storage-js's StorageApiError, so the error catalogue reads it alike. */
export class UploadError extends Error {
  override name = 'StorageApiError';
  status: number;
  statusCode: string;
  code: string;
  constructor(message: string, status: number, statusCode: string, code: string) {
    super(message);
    this.status = status;
    this.statusCode = statusCode;
    this.code = code;
  }
}

/**
 * Uploads to Storage with progress. storage-js's `upload` uses fetch, which reports no upload
 * progress, so this sends the same request (`POST /storage/v1/object/<bucket>/<path>`, raw body,
 * `x-upsert`) with XMLHttpRequest and the session's access token.
 */
export async function uploadWithProgress({
  bucket,
  path,
  body,
  upsert = false,
  cacheControl = 'max-age=3600',
  onProgress,
  signal,
}: UploadOptions): Promise<string> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new UploadError('Sign in to upload.', 401, '401', 'InvalidJWT');
  const url = `${supabaseUrl.replace(/\/$/, '')}/storage/v1/object/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
  const sentAt = performance.now();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('apikey', supabaseAnonKey);
    xhr.setRequestHeader('x-upsert', String(upsert));
    xhr.setRequestHeader('cache-control', cacheControl);
    xhr.setRequestHeader('content-type', body.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      // Any answer tells the app it is online, as every other request does (lib/supabase.ts).
      reachability.answered(sentAt);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(path);
        return;
      }
      let parsed: { message?: string; statusCode?: string; code?: string; error?: string } = {};
      try {
        parsed = JSON.parse(xhr.responseText) as typeof parsed;
      } catch {
        // A non-JSON answer (proxy error page): keep the HTTP status.
      }
      reject(
        new UploadError(
          parsed.message ?? xhr.statusText,
          xhr.status,
          parsed.statusCode ?? String(xhr.status),
          parsed.code ?? parsed.error ?? '',
        ),
      );
    };
    // No answer: the server is asked first, so the caller knows whether the app is offline.
    xhr.onerror = () => void reachability.failed(sentAt).then(() => reject(new TypeError('Failed to fetch')));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
