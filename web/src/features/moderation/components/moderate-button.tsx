import { zodResolver } from '@hookform/resolvers/zod';
import { EyeOff, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useModerateContent } from '../api/moderate';
import { contentTypeLabels, moderationReasonInput, type ContentType, type ModerationReasonInput } from '../schemas';

interface ModerateButtonProps {
  action: 'hide' | 'restore';
  targetType: ContentType;
  targetId: string;
  /** Reasons offered in one click (e.g. the reasons members gave). */
  suggestions: string[];
  /** What the target is, for the accessible name ("review by Ada"). */
  subject: string;
}

/** "Hide…" / "Restore…": asks for the public reason, then calls the moderation function. */
export function ModerateButton({ action, targetType, targetId, suggestions, subject }: ModerateButtonProps) {
  const [open, setOpen] = useState(false);
  const moderate = useModerateContent();
  const form = useForm<ModerationReasonInput>({ resolver: zodResolver(moderationReasonInput), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const noun = contentTypeLabels[targetType];
  const hiding = action === 'hide';

  const onSubmit = form.handleSubmit(async ({ reason }) => {
    try {
      await moderate.mutateAsync({ action, type: targetType, id: targetId, reason });
      toast.success(hiding ? `The ${noun} is hidden` : `The ${noun} is visible again`);
      setOpen(false);
    } catch (error: unknown) {
      applyServerError(form.setError, error, []);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        setOpen(next);
        if (!next) form.reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant={hiding ? 'destructive' : 'secondary'} size="sm">
          {hiding ? <EyeOff aria-hidden="true" className="size-4" /> : <RotateCcw aria-hidden="true" className="size-4" />}
          {/* The visible word starts the accessible name (WCAG 2.5.3); the subject tells them apart. */}
          <span>
            {hiding ? 'Hide' : 'Restore'}
            <span className="sr-only"> {subject}</span>
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={hiding ? `Hide this ${noun}?` : `Restore this ${noun}?`}
        description={
          hiding
            ? 'It disappears for everyone but its author and moderators, and stops counting in ratings. The reason is public.'
            : 'It becomes visible to everyone again. The reason is public.'
        }
      >
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          <FormError>{errors.root?.server?.message}</FormError>
          <FormField label="Public reason" error={errors.reason?.message} hint="Shown in the moderation log and to the author.">
            <Textarea rows={3} {...form.register('reason')} />
          </FormField>
          {suggestions.length ? (
            <div className="flex flex-wrap gap-2" role="group" aria-label="Suggested reasons">
              {suggestions.map((text) => (
                <Button
                  key={text}
                  variant="secondary"
                  size="sm"
                  onClick={() => form.setValue('reason', text, { shouldValidate: form.formState.isSubmitted })}
                >
                  {text}
                </Button>
              ))}
            </div>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant={hiding ? 'destructive' : 'primary'} disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : hiding ? `Hide ${noun}` : `Restore ${noun}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
