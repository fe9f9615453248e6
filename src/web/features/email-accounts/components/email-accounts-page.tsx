import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import { mayChangeMailbox } from '#shared/roles';
import { mailboxMessages as m, oauthMessages, type Mailbox } from '#shared/schemas/mailboxes';
import { DeleteDialog } from '#web/components/delete-dialog';
import { QueryCard } from '#web/components/query-card';
import { Button } from '#web/components/ui/button';
import { EmptyState, PageHeader } from '#web/components/ui/page-states';
import { Spinner } from '#web/components/ui/spinner';
import { useMe } from '#web/data/session-queries';
import { useDisconnectMailbox, useEmailAccounts } from '#web/data/email-account-queries';
import { ConnectMailboxDialog } from './connect-mailbox-dialog';
import { MailboxRow } from './mailbox-row';
import { MailboxSettingsDialog } from './mailbox-settings-dialog';
import { useOAuthReturn } from './use-oauth-return';

/**
 * /dashboard/emails (docs/product.md#email-accounts-and-sequences, docs/product.md#api): the
 * workspace's mailboxes, connect and disconnect; also Google's return page. A member sees Settings
 * and Disconnect only on the mailboxes they connected (docs/product.md#roles).
 */
export function EmailAccountsPage() {
  // The dashboard guard has loaded the session already; this reads it from the cache.
  const me = useMe().data;
  const [connecting, setConnecting] = useState(false);
  const [disconnecting, setDisconnecting] = useState<Mailbox | null>(null);
  const [editing, setEditing] = useState<Mailbox | null>(null);
  const query = useEmailAccounts();
  const disconnect = useDisconnectMailbox();
  const completing = useOAuthReturn();
  const connectButton = (label: string) => (
    <Button onClick={() => setConnecting(true)}>
      <Plus aria-hidden className="size-4" /> {label}
    </Button>
  );

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-8">
      <PageHeader
        title="Email Accounts"
        subtitle="Connect the mailboxes your outreach is sent from"
        actions={connectButton('Connect Account')}
      />
      {completing && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <Spinner label={null} /> Connecting your {oauthMessages[completing].product} account…
        </p>
      )}
      <QueryCard
        query={query}
        errorMessage={m.fetchFailed}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={Mail}
            title="No email accounts yet"
            action={connectButton('Connect Your First Account')}
          >
            Connect Gmail or any mailbox with SMTP and IMAP to send outreach from your own address.
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {data.map((mailbox) => (
              <MailboxRow
                key={mailbox.id}
                mailbox={mailbox}
                mayChange={!!me && mayChangeMailbox(me.role, me.id, mailbox.connectedBy?.id)}
                onSettings={() => setEditing(mailbox)}
                onDisconnect={() => setDisconnecting(mailbox)}
              />
            ))}
          </ul>
        )}
      </QueryCard>
      <ConnectMailboxDialog open={connecting} onOpenChange={setConnecting} />
      {editing && <MailboxSettingsDialog mailbox={editing} onClose={() => setEditing(null)} />}
      <DeleteDialog
        target={disconnecting}
        onClose={() => setDisconnecting(null)}
        title="Disconnect Email Account"
        description={(mb) => (
          <>
            Disconnect <strong className="break-all">{mb.email}</strong>? Its stored credentials are deleted
            and its queued emails are cancelled.
          </>
        )}
        confirmLabel="Disconnect"
        remove={disconnect}
        done={m.disconnected}
        failed={m.disconnectFailed}
      />
    </div>
  );
}
