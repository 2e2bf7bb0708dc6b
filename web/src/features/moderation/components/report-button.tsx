import { useQuery } from '@tanstack/react-query';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogTrigger } from '@/components/ui/dialog';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';
import { myOpenReportQuery, type ReportTarget } from '../api/reports';
import { contentTypeLabels, type ContentType } from '../schemas';
import { ReportDialogContent } from './report-dialog';

export interface ReportButtonProps {
  targetType: ContentType;
  targetId: string;
  /** The author or creator: members are not offered to report their own content. */
  ownerId?: string | null;
  /** Accessible name when the page holds several ("Report review by Ada"). */
  label?: string;
  className?: string;
}

/**
 * "Report" on a place, review or photo. Visitors are sent to sign in (and back); a member who
 * already has an open report on the target sees "Reported" instead.
 */
export function ReportButton({ targetType, targetId, ownerId, label, className }: ReportButtonProps) {
  const { user, status } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const target: ReportTarget = { type: targetType, id: targetId };
  const mine = useQuery({ ...myOpenReportQuery(user?.id ?? '', target), enabled: Boolean(user) });
  const name = label ?? `Report this ${contentTypeLabels[targetType]}`;
  const classes = cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'text-slate-600', className);

  if (status === 'loading' || (user && ownerId === user.id)) return null;
  if (!user) {
    return (
      <Link to={paths.signIn({ next: location.pathname + location.search })} className={classes} aria-label={`${name} (sign in first)`}>
        <Flag aria-hidden="true" className="size-4" /> Report
      </Link>
    );
  }
  if (mine.data) {
    return (
      <span className={cn(classes, 'cursor-default hover:bg-transparent')}>
        <Flag aria-hidden="true" className="size-4 fill-current" /> Reported
        <span className="sr-only"> — you reported this {contentTypeLabels[targetType]}</span>
      </span>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className={cn('text-slate-600', className)} aria-label={name}>
          <Flag aria-hidden="true" className="size-4" /> Report
        </Button>
      </DialogTrigger>
      {open ? <ReportDialogContent target={target} userId={user.id} onDone={() => setOpen(false)} /> : null}
    </Dialog>
  );
}
