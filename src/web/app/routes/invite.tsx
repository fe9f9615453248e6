import { useParams } from 'react-router';
import { InvitePage } from '#web/features/invitations/components/invite-page';

/** Route module of /invite/:token, an invitation link (client-rendered, like the auth screens). */
export function Component() {
  const { token = '' } = useParams();
  // Keyed by the token: another link starts with a fresh page (no earlier Join error).
  return <InvitePage key={token} token={token} />;
}
