import { SequencesPage } from '#web/features/sequences/components/sequences-page';

/** Route module (lazy chunk) of the email sequences screen. */
export function Component() {
  return <SequencesPage />;
}
