// @vitest-environment jsdom
import '../test/setup-dom';
import { useMutation } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { ApiError } from '../lib/api-error';
import { createQueryClient } from '../lib/query-client';
import { DeleteDialog } from './delete-dialog';

// sonner keeps its toasts in a module-wide store, replayed to the next test's toaster otherwise.
afterEach(() => toast.dismiss());

interface Row {
  id: string;
  name: string;
}

/** A delete of row "r1" whose request ends as `outcome` (resolves, or rejects with that error). */
function DeleteRow({ outcome, onDeleted }: { outcome: Error | null; onDeleted: () => void }) {
  const [target, setTarget] = useState<Row | null>({ id: 'r1', name: 'Spring outreach' });
  const remove = useMutation({
    mutationFn: async (id: string) => {
      if (outcome) throw outcome;
      return id;
    },
  });
  return (
    <DeleteDialog
      target={target}
      onClose={() => setTarget(null)}
      title="Delete campaign?"
      description={(row) => `${row.name} and its prospects are deleted.`}
      remove={remove}
      done="Campaign deleted"
      failed="Failed to delete campaign"
      onDeleted={onDeleted}
    />
  );
}

function renderDelete(outcome: Error | null) {
  const onDeleted = vi.fn();
  render(
    <Providers client={createQueryClient()}>
      <DeleteRow outcome={outcome} onDeleted={onDeleted} />
    </Providers>,
  );
  return onDeleted;
}

describe('DeleteDialog', () => {
  it('describes its target, deletes it, toasts and closes', async () => {
    const onDeleted = renderDelete(null);
    expect(screen.getByText('Spring outreach and its prospects are deleted.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Campaign deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onDeleted).toHaveBeenCalledOnce();
  });

  it("shows the server's reason when it refuses, and stays open", async () => {
    const onDeleted = renderDelete(new ApiError(409, 'CONFLICT', 'Pause the campaign before deleting it.'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Pause the campaign before deleting it.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('falls back to its own failure text when the server or network failed', async () => {
    renderDelete(new ApiError(500, 'INTERNAL', 'Internal Server Error'));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete campaign')).toBeInTheDocument();
    expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument();
  });
});
