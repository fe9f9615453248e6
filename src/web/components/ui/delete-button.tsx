import { Trash2 } from 'lucide-react';
import { Button } from './button';

/** A red trash-can icon button; `label` names what it deletes for assistive technology. */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label={label} onClick={onClick}>
      <Trash2 aria-hidden className="size-4 text-red-600 dark:text-red-400" />
    </Button>
  );
}
