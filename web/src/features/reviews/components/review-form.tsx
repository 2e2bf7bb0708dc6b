import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { PhotoPicker, type PhotoDraft } from '@/components/photo-picker';
import { Button } from '@/components/ui/button';
import { FormError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { describeError } from '@/lib/errors';
import { toast } from '@/lib/toast';
import { PhotoSaveError, useSaveReview } from '../api/save-review';
import { useDraftPhotos } from '../hooks/use-draft-photos';
import { useReviewDraft } from '../hooks/use-review-draft';
import { reviewInput, todayIso, type Review, type ReviewInput } from '../schemas';
import { DeleteReviewButton } from './delete-review-button';
import { StarInput } from './star-input';

export interface ReviewFormProps {
  placeId: string;
  placeName?: string;
  userId: string;
  existing: Review | null;
  onDone: () => void;
}

const fieldOfColumn: Record<string, keyof ReviewInput> = { rating: 'rating', body: 'body', visited_on: 'visitedOn' };

/** Write or edit one's review: stars, text with a counter, visit date, up to 5 photos. */
export default function ReviewForm({ placeId, placeName, userId, existing, onDone }: ReviewFormProps) {
  const draft = useReviewDraft(placeId, userId);
  const save = useSaveReview(placeId, placeName);
  const { photos, setPhotos, stop, stopped } = useDraftPhotos(
    draft,
    () =>
      (existing?.photos ?? []).map((p): PhotoDraft => ({
        key: p.id,
        kind: 'existing',
        id: p.id,
        path: p.path,
        alt: p.alt,
        progress: null,
        hidden: p.hidden_at !== null,
      })),
    existing === null,
  );
  const [altErrors, setAltErrors] = useState<Record<string, string | undefined>>({});
  const form = useForm<ReviewInput>({
    resolver: zodResolver(reviewInput),
    defaultValues: existing
      ? { rating: existing.rating, body: existing.body, visitedOn: existing.visited_on ?? '' }
      : { rating: 0, body: '', visitedOn: '', ...(draft.read() ?? {}) },
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control });
  const body = values.body ?? '';

  // Keep the unsent text on this device (new reviews only; an edit starts from the saved one).
  useEffect(() => {
    if (existing) return;
    const timer = setTimeout(() => {
      if (!stopped.current) draft.write(values);
    }, 300);
    return () => clearTimeout(timer);
  }, [values, existing, draft, stopped]);

  const hasDraft = !existing && (body.trim() !== '' || (values.rating ?? 0) > 0 || Boolean(values.visitedOn) || photos.length > 0);
  const discard = async () => {
    stop();
    await draft.clear();
    toast.success('Draft discarded');
    onDone();
  };

  const onSubmit = form.handleSubmit(async (input) => {
    const missingAlt = Object.fromEntries(
      photos.filter((p) => !p.alt.trim()).map((p) => [p.key, 'Describe this photo for people who cannot see it.']),
    );
    setAltErrors(missingAlt);
    if (Object.keys(missingAlt).length) return;
    try {
      await save.mutateAsync({
        placeId,
        userId,
        existing,
        input,
        photos,
        onProgress: (key, fraction) =>
          setPhotos((list) => list.map((p) => (p.key === key && p.kind === 'new' ? { ...p, progress: fraction } : p))),
      });
      stop();
      await draft.clear();
      onDone();
    } catch (error: unknown) {
      if (error instanceof PhotoSaveError) {
        form.setError('root.server', { message: `${error.message} ${describeError(error.cause).message}` });
        return;
      }
      const described = describeError(error, { table: 'reviews' });
      const field = described.field ? fieldOfColumn[described.field] : undefined;
      if (field) form.setError(field, { message: described.message }, { shouldFocus: true });
      else form.setError('root.server', { message: described.message });
    }
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <FormError>{errors.root?.server?.message}</FormError>
      <Controller
        control={form.control}
        name="rating"
        render={({ field }) => (
          <StarInput name={`rating-${placeId}`} value={field.value} onChange={field.onChange} error={errors.rating?.message} />
        )}
      />
      <FormField label="Your review" error={errors.body?.message} hint={`${body.trim().length}/2000 characters (at least 20)`}>
        <Textarea rows={5} maxLength={2000} {...form.register('body')} />
      </FormField>
      <FormField label="Visited on (optional)" error={errors.visitedOn?.message}>
        <Input type="date" max={todayIso()} {...form.register('visitedOn')} />
      </FormField>
      <PhotoPicker value={photos} onChange={setPhotos} altErrors={altErrors} disabled={isSubmitting} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-between">
        {existing ? (
          <DeleteReviewButton review={existing} onDeleted={onDone} />
        ) : hasDraft ? (
          <Button variant="ghost" disabled={isSubmitting} onClick={() => void discard()}>
            Discard draft
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : existing ? 'Save changes' : 'Post review'}
        </Button>
      </div>
    </form>
  );
}
