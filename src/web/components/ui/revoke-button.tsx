import { Button } from './button';

/** A small outline "Revoke" button in red; `label` names what it revokes for assistive technology. */
export function RevokeButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      className="text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
      onClick={onClick}
    >
      Revoke
    </Button>
  );
}
