import { InboxPage } from '#web/features/inbox/components/inbox-page';

/** Route module (lazy chunk) of the inbox, with or without a conversation open (`:threadId`). */
export function Component() {
  return <InboxPage />;
}
