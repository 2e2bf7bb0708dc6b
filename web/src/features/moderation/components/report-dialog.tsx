import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogContent, DialogFooter } from '@/components/ui/dialog';
import { FormError, FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { applyServerError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCreateReport } from '../api/create-report';
import type { ReportTarget } from '../api/reports';
import { contentTypeLabels, createReportInput, reasonsFor, reportReasonLabels, type CreateReportInput } from '../schemas';

const noteMax = 500;

/**
 * The body of the report dialog (inside a Radix Dialog owned by ReportButton, which traps and
 * returns focus). Duplicate reports and the hourly limit come back from the database and are
 * shown at the top of the form in the catalogue's words.
 */
export function ReportDialogContent({ target, userId, onDone }: { target: ReportTarget; userId: string; onDone: () => void }) {
  const report = useCreateReport(userId, target);
  const form = useForm<CreateReportInput>({ resolver: zodResolver(createReportInput), defaultValues: { note: '' } });
  const { errors, isSubmitting } = form.formState;
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';
  const noun = contentTypeLabels[target.type];

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await report.mutateAsync(input);
      toast.success('Thanks for your report', { description: 'A moderator will look at it soon.' });
      onDone();
    } catch (error: unknown) {
      applyServerError(form.setError, error, ['note'], { table: 'reports' });
    }
  });

  return (
    <DialogContent title={`Report this ${noun}`} description="Moderators review every report. Your name is not shown to the author.">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <FormError>{errors.root?.server?.message}</FormError>
        <fieldset className="space-y-2" aria-describedby={errors.reason ? 'report-reason-error' : undefined}>
          <legend className="mb-1 text-sm font-medium text-slate-800">What’s wrong?</legend>
          {reasonsFor(target.type).map((reason) => (
            <label
              key={reason}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input type="radio" value={reason} className="mt-1 size-4 accent-brand-600" {...form.register('reason')} />
              <span>
                <span className="block text-sm font-medium">{reportReasonLabels[reason].label}</span>
                <span className="block text-sm text-slate-600">{reportReasonLabels[reason].hint}</span>
              </span>
            </label>
          ))}
          {errors.reason ? (
            <p id="report-reason-error" role="alert" className="text-sm font-medium text-red-700">
              {errors.reason.message}
            </p>
          ) : null}
        </fieldset>
        <FormField label="Note for the moderators (optional)" error={errors.note?.message} hint={`${note.length} / ${noteMax}`}>
          <Textarea rows={3} maxLength={noteMax + 100} {...form.register('note')} />
        </FormField>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={isSubmitting}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Send report'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
