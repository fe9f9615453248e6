import { Link } from 'react-router';
import { invitePath, paths, withQuery } from '#shared/paths';
import type { Me } from '#shared/schemas/auth';
import { invitationMessages as m, type InvitationPreview } from '#shared/schemas/invitations';
import { roleLabels } from '#shared/schemas/settings';
import { SingleCardLayout } from '#web/components/layouts/single-card-layout';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ErrorState } from '#web/components/ui/page-states';
import { Spinner } from '#web/components/ui/spinner';
import { ApiError } from '#web/lib/api-error';
import { refusalMessage } from '#web/lib/form-errors';
import { nextParam } from '#web/data/session-mutations';
import { useMe } from '#web/data/session-queries';
import {
  ResendVerificationButton,
  useVerificationRecheck,
  verificationWhere,
} from '#web/widgets/auth/verification-link';
import { useAcceptInvitation, useInvitationPreview } from '../api/invitation-link-queries';

/**
 * /invite/:token (docs/decisions/023-workspaces-and-roles.md): what the invitation is for (workspace,
 * inviter, role, address), then Sign in / Create account (which come back here through `?next=`)
 * for a visitor, or Join for a signed-in user who may accept it. One who may not is told why up
 * front instead of being refused after a click: the invitation is for another address, or theirs is
 * not verified yet (with where the link is and a button for a new one). A link that cannot be used
 * says why (the server's message: unknown, revoked, used, expired).
 */
export function InvitePage({ token }: { token: string }) {
  const preview = useInvitationPreview(token);
  const me = useMe();
  return (
    <SingleCardLayout>
      {preview.isPending || me.isPending ? (
        <div className="flex justify-center p-12">
          <Spinner className="size-8 text-indigo-500" />
        </div>
      ) : preview.isError ? (
        <>
          <CardHeader className="text-center">
            <CardTitle as="h1">Invitation unavailable</CardTitle>
          </CardHeader>
          <CardContent className="px-2 pt-2">
            <ErrorState
              message={refusalMessage(preview.error, m.previewFailed)}
              onRetry={
                preview.error instanceof ApiError && preview.error.isClientError
                  ? undefined
                  : () => preview.refetch()
              }
            />
            {me.data && (
              <div className="px-4 pb-2 text-center">
                <Button asChild variant="outline">
                  <Link to={paths.dashboard}>Go to dashboard</Link>
                </Button>
              </div>
            )}
          </CardContent>
        </>
      ) : (
        <InvitationDetails token={token} preview={preview.data} user={me.data ?? null} />
      )}
    </SingleCardLayout>
  );
}

/** The invitation's sentence, e.g. 'Ada Lovelace invited you to join Acme as Member for mia@example.com.' */
function invitationSentence({ invitedBy, workspace, role, clientName, email }: InvitationPreview): string {
  const who = invitedBy ? `${invitedBy} invited you` : 'You are invited';
  // A Client joins to see one client's placements and reports (docs/decisions/040-client-role.md).
  const as = role === 'client' && clientName ? `${roleLabels[role]} of ${clientName}` : roleLabels[role];
  return `${who} to join ${workspace} as ${as}${email ? ` for ${email}` : ''}.`;
}

function InvitationDetails({
  token,
  preview,
  user,
}: {
  token: string;
  preview: InvitationPreview;
  user: Me | null;
}) {
  const accept = useAcceptInvitation();
  const next = { [nextParam]: invitePath(token) };
  return (
    <>
      <CardHeader className="text-center">
        <CardTitle as="h1" className="break-words">
          Join {preview.workspace}
        </CardTitle>
        <CardDescription className="break-words">{invitationSentence(preview)}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {user ? (
          <>
            <p className="text-center text-sm break-words text-slate-600 dark:text-slate-400">
              Signed in as <span className="font-medium text-slate-900 dark:text-white">{user.email}</span>
            </p>
            {preview.email && preview.email !== user.email.toLowerCase() ? (
              <Alert variant="destructive">{m.otherEmail(preview.email)}</Alert>
            ) : !user.emailVerified ? (
              <VerifyToJoin user={user} />
            ) : (
              <>
                {accept.isError && (
                  <Alert variant="destructive">{refusalMessage(accept.error, m.acceptFailed)}</Alert>
                )}
                <Button
                  size="lg"
                  className="w-full"
                  loading={accept.isPending}
                  onClick={() => accept.mutate(token)}
                >
                  <span className="truncate">Join {preview.workspace}</span>
                </Button>
              </>
            )}
          </>
        ) : (
          <>
            <p className="text-center text-sm text-slate-600 dark:text-slate-400">
              Sign in or create an account{preview.email ? ` with ${preview.email}` : ''} to accept.
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              <Button asChild size="lg">
                <Link to={withQuery(paths.login, next)}>Sign in</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={withQuery(paths.signup, next)}>Create account</Link>
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </>
  );
}

/**
 * In place of Join while the user's address is unverified (the server refuses them until it is):
 * where the link is and a button for a new one. Verifying in another tab brings Join here when this
 * window regains focus.
 */
function VerifyToJoin({ user }: { user: Me }) {
  useVerificationRecheck(user);
  return (
    <Alert role="status">
      <p className="font-medium">{m.verifyToJoin}</p>
      <p className="mt-1 [overflow-wrap:anywhere]">
        {verificationWhere(user)} Then come back to this page to join.
      </p>
      <div className="mt-3">
        <ResendVerificationButton user={user} size="sm">
          Send the link again
        </ResendVerificationButton>
      </div>
    </Alert>
  );
}
