import { GuestPostsPage } from '#web/features/guest-posts/components/guest-posts-page';

/** Route module (lazy chunk) of the Guest Post Generator. */
export function Component() {
  return <GuestPostsPage />;
}
