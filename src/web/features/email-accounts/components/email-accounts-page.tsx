import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import { mailboxMessages as m, oauthMessages, type Mailbox } from '../../../../shared/schemas/mailboxes';
import { DeleteDialog } from '../../../components/delete-dialog';
import { QueryCard } from '../../../components/query-card';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState, PageHeader } from '../../../components/ui/page-states';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format';
import { useDisconnectMailbox, useEmailAccounts } from '../api/email-account-queries';
import { ConnectMailboxDialog } from './connect-mailbox-dialog';
import { DomainCheckPanel } from './domain-check-panel';
import { MailboxSettingsDialog } from './mailbox-settings-dialog';
import { QuarantinedMessages } from './quarantined-messages';
import { useOAuthReturn } from './use-oauth-return';

/** Messages sent today over the daily limit (spec §9 daily usage bar). */
function DailyUsage({ sent, limit }: { sent: number; limit: number }) {
  const percent = Math.min(100, Math.round((sent / limit) * 100));
  return (
    <div className="w-full sm:w-48">
      <div className="flex justify-between text-xs text-slate-600 dark:text-slate-400">
        <span>Sent today</span>
        <span>
          {sent} / {limit}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Sent today: ${sent} of ${limit}`}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={sent}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={percent >= 100 ? 'h-full bg-amber-500' : 'h-full bg-indigo-600 dark:bg-indigo-400'}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

const spacing = ({ minSpacingMinutes: min, maxSpacingMinutes: max }: Mailbox) =>
  `${min === max ? min : `${min}–${max}`} min between emails`;

function MailboxRow({
  mailbox,
  onSettings,
  onDisconnect,
}: {
  mailbox: Mailbox;
  onSettings: () => void;
  onDisconnect: () => void;
}) {
  const connected = mailbox.status === 'connected';
  return (
    <li className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{mailbox.email}</span>
          <Badge tone="neutral">
            {mailbox.provider === 'smtp' ? 'SMTP / IMAP' : oauthMessages[mailbox.provider].product}
          </Badge>
          <Badge tone={connected ? 'success' : 'danger'}>
            {connected ? 'Connected' : m.connectionErrorLabel}
          </Badge>
        </div>
        {!connected && mailbox.statusReason && (
          <p className="mt-1 text-sm text-red-700 dark:text-red-400">{mailbox.statusReason}</p>
        )}
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Last sync: {mailbox.lastSync ? formatDate(mailbox.lastSync) : 'Never'} · {spacing(mailbox)}
        </p>
        <DomainCheckPanel mailboxId={mailbox.id} />
        <QuarantinedMessages mailboxId={mailbox.id} />
      </div>
      <DailyUsage sent={mailbox.emailsSentToday} limit={mailbox.dailyLimit} />
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onSettings}>
          Settings
        </Button>
        <Button variant="outline" size="sm" onClick={onDisconnect}>
          Disconnect
        </Button>
      </div>
    </li>
  );
}

/** /dashboard/emails (spec §2, §7): the user's mailboxes, connect and disconnect; also Google's return page. */
export function EmailAccountsPage() {
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
