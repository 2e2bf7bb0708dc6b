import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { CreateReportInput } from '../schemas';
import type { ReportTarget } from './reports';

/**
 * Files a report. The database allows one open report per member per target (23505) and 20
 * reports per member per hour (P0001); the error catalogue words both.
 */
export async function createReport(target: ReportTarget, input: CreateReportInput): Promise<void> {
  const note = input.note.trim();
  const { error } = await supabase
    .from('reports')
    .insert({ target_type: target.type, target_id: target.id, reason: input.reason, note: note === '' ? null : note });
  if (error) throw error;
}

/**
 * Sends a report; the report button then says "Reported". A duplicate (23505) also refreshes
 * it, since the member had reported before. Errors go to the form.
 */
export function useCreateReport(userId: string, target: ReportTarget) {
  const queryClient = useQueryClient();
  const refreshMine = () => queryClient.invalidateQueries({ queryKey: moderationKeys.myReport(userId, target.type, target.id) });
  return useMutation({
    mutationFn: (input: CreateReportInput) => createReport(target, input),
    meta: { errorToast: false, errorTable: 'reports' },
    onSuccess: () => void refreshMine(),
    onError: (error: unknown) => {
      if (typeof error === 'object' && error !== null && 'code' in error && error.code === '23505') void refreshMine();
    },
  });
}
