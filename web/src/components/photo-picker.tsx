import { ImagePlus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { messages } from '@/lib/errors';
import { acceptedTypes, maxPhotos, maxSourceBytes, preparePhoto } from '@/lib/photos';
import { Photo } from './photo';

export type PhotoDraft =
  | {
      key: string;
      kind: 'new';
      blob: Blob;
      previewUrl: string;
      width: number;
      height: number;
      thumbhash: string | null;
      alt: string;
      progress: number | null;
    }
  | { key: string; kind: 'existing'; id: string; path: string; alt: string; progress: null; hidden?: boolean };

export interface PhotoPickerProps {
  value: PhotoDraft[];
  onChange: (next: PhotoDraft[]) => void;
  altErrors?: Record<string, string | undefined>;
  disabled?: boolean;
}

/** Up to 5 photos, each resized and re-encoded in the browser, each with its required alt text. */
export function PhotoPicker({ value, onChange, altErrors = {}, disabled = false }: PhotoPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const room = maxPhotos - value.length;

  const add = async (files: FileList | null) => {
    setError(null);
    if (!files || files.length === 0) return;
    const chosen = [...files];
    if (chosen.length > room) setError(`You can add ${room} more ${room === 1 ? 'photo' : 'photos'} (5 at most).`);
    const added: PhotoDraft[] = [];
    setBusy(true);
    for (const file of chosen.slice(0, room)) {
      if (!(acceptedTypes as readonly string[]).includes(file.type)) {
        setError(messages.photoType);
        continue;
      }
      if (file.size > maxSourceBytes) {
        setError(messages.photoSourceTooLarge);
        continue;
      }
      try {
        const prepared = await preparePhoto(file);
        added.push({ key: crypto.randomUUID(), kind: 'new', ...prepared, alt: '', progress: null });
      } catch (cause: unknown) {
        setError(cause instanceof Error ? cause.message : messages.unknown);
      }
    }
    setBusy(false);
    if (input.current) input.current.value = '';
    onChange([...value, ...added]);
  };

  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="text-sm font-medium text-slate-900">Photos (optional, up to 5)</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        JPEG, PNG or WebP. Large photos are resized on your device to 1600 px, and their location data removed, before upload.
      </p>
      <ul className="space-y-3">
        {value.map((photo, index) => (
          <li key={photo.key} className="flex gap-3 rounded-md border border-slate-200 p-2">
            {photo.kind === 'new' ? (
              <img src={photo.previewUrl} alt="" className="size-20 shrink-0 rounded object-cover" />
            ) : (
              <Photo path={photo.path} alt="" width={80} ratio={1} className="size-20 shrink-0 rounded" />
            )}
            <div className="min-w-0 flex-1 space-y-2">
              <FormField label={`Describe photo ${index + 1}`} error={altErrors[photo.key]}>
                <Input
                  value={photo.alt}
                  maxLength={150}
                  required
                  onChange={(event) => onChange(value.map((p) => (p.key === photo.key ? { ...p, alt: event.target.value } : p)))}
                />
              </FormField>
              {photo.kind === 'existing' && photo.hidden ? (
                <p className="text-sm font-medium text-amber-800">Hidden by moderators — only you and moderators can see it.</p>
              ) : null}
              {photo.progress !== null ? <Progress value={photo.progress * 100} label={`Uploading photo ${index + 1}`} /> : null}
            </div>
            <Button
              variant="ghost"
              size="icon"
              onClick={() => onChange(value.filter((p) => p.key !== photo.key))}
              aria-label={`Remove photo ${index + 1}`}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      {room > 0 ? (
        <div>
          <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-surface px-4 text-sm font-medium text-slate-900 hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
            <input
              ref={input}
              type="file"
              accept={acceptedTypes.join(',')}
              multiple
              className="sr-only"
              aria-describedby={`${id}-hint`}
              onChange={(event) => void add(event.target.files)}
            />
            <ImagePlus aria-hidden="true" className="size-4" />
            {busy ? 'Preparing…' : 'Add photos'}
          </label>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
