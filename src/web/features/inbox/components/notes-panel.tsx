import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { inboxMessages as m, prospectNoteInputSchema, type ProspectNote } from '#shared/schemas/inbox';
import { DeleteDialog } from '#web/components/delete-dialog';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { DeleteButton } from '#web/components/ui/delete-button';
import { TextareaField } from '#web/components/ui/textarea-field';
import { applyServerIssues, refusalMessage } from '#web/lib/form-errors';
import { formatDateTime } from '#web/lib/format';
import { useSingleFlight } from '#web/lib/use-single-flight';
import { useMe } from '#web/data/session-queries';
import { useAddProspectNote, useDeleteProspectNote } from '../api/thread-queries';

type Input = z.input<typeof prospectNoteInputSchema>;
type Output = z.output<typeof prospectNoteInputSchema>;

const newestFirst = (a: ProspectNote, b: ProspectNote) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/**
 * The team's notes on the prospect (docs/product.md#inbox), newest first, with a form to add one. Its
 * author or a Full Access member may delete a note, as the server allows.
 */
export function NotesPanel({
  threadId,
  prospectId,
  notes,
}: {
  threadId: string;
  prospectId: string;
  notes: ProspectNote[];
}) {
  const me = useMe().data;
  const add = useAddProspectNote(threadId, prospectId);
  const remove = useDeleteProspectNote(threadId);
  const [deleting, setDeleting] = useState<ProspectNote | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(prospectNoteInputSchema),
    defaultValues: { body: '' },
  });

  const onSubmit = useSingleFlight(
    form.handleSubmit(async ({ body }) => {
      await add.mutateAsync(body).then(
        () => {
          toast.success(m.noteSaved);
          form.reset({ body: '' });
        },
        (error: unknown) => {
          if (!applyServerIssues(error, ['body'], form.setError)) {
            form.setError('body', {
              type: 'server',
              message: refusalMessage(error, 'Failed to save the note'),
            });
          }
        },
      );
    }),
  );

  const mayDelete = (note: ProspectNote) => me != null && (note.author?.id === me.id || me.role === 'full');

  return (
    <Card className="p-4">
      <section aria-label="Notes" className="space-y-3">
        <h3 className="font-semibold">Notes</h3>
        {notes.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No notes yet.</p>
        ) : (
          <ul className="space-y-3">
            {[...notes].sort(newestFirst).map((note) => (
              <li key={note.id} className="rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 text-xs text-slate-500 dark:text-slate-400">
                    <span className="font-medium text-slate-700 dark:text-slate-300">
                      {note.author?.name ?? 'A former member'}
                    </span>{' '}
                    · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                  </p>
                  {mayDelete(note) && (
                    <div className="-mt-2 -mr-2 shrink-0">
                      <DeleteButton label="Delete note" onClick={() => setDeleting(note)} />
                    </div>
                  )}
                </div>
                <p className="mt-1 break-words whitespace-pre-wrap">{note.body}</p>
              </li>
            ))}
          </ul>
        )}
        <form noValidate onSubmit={onSubmit} className="space-y-2">
          <TextareaField
            label="Add a note"
            rows={3}
            placeholder="Only your team sees notes."
            error={form.formState.errors.body?.message}
            {...form.register('body')}
          />
          <div className="flex justify-end">
            <Button type="submit" size="sm" loading={add.isPending}>
              Add note
            </Button>
          </div>
        </form>
      </section>
      <DeleteDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        title="Delete this note?"
        description={() => 'The note is removed for the whole team.'}
        remove={remove}
        done="Note deleted"
        failed="Failed to delete the note"
      />
    </Card>
  );
}
