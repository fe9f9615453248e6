import { formatDistanceToNow } from 'date-fns';
import { Activity, Pause, Play } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { effectiveDailyLimit } from '#shared/mailbox-health';
import { mailboxMessages as m, oauthMessages, type Mailbox } from '#shared/schemas/mailboxes';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { formatDateTime } from '#web/lib/format';
import { useMailboxSending } from '#web/data/email-account-queries';
import { DomainCheckPanel } from './domain-check-panel';
import { MailboxHealthPanel } from './mailbox-health-panel';
import { QuarantinedMessages } from './quarantined-messages';
import { refusalMessage } from '#web/lib/form-errors';

/** Messages sent today over the day's limit (the daily usage bar). */
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

const statusBadge: Record<Mailbox['status'], { tone: BadgeTone; label: string }> = {
  connected: { tone: 'success', label: 'Connected' },
  error: { tone: 'danger', label: m.connectionErrorLabel },
  paused: { tone: 'warning', label: m.pausedLabel },
};

const spacing = ({ minSpacingMinutes: min, maxSpacingMinutes: max }: Mailbox) =>
  `${min === max ? min : `${min}–${max}`} min between emails`;

/**
 * One mailbox on Email Accounts: its status (with the reason of a connection error or a pause, and
 * Pause/Resume), who connected it, its last successful sync, its warm-up ramp, its sender domain's
 * check, its set-aside messages, today's usage against the day's effective limit, and its health
 * panel on demand. Settings and Disconnect show only when `mayChange` (docs/product.md#roles: the
 * member who connected it, or Full Access); Pause/Resume to everyone.
 */
export function MailboxRow({
  mailbox,
  mayChange,
  onSettings,
  onDisconnect,
}: {
  mailbox: Mailbox;
  mayChange: boolean;
  onSettings: () => void;
  onDisconnect: () => void;
}) {
  const [showHealth, setShowHealth] = useState(false);
  const panelId = useId();
  const sending = useMailboxSending(mailbox.id);
  const badge = statusBadge[mailbox.status];
  const limit = effectiveDailyLimit(mailbox);
  const ramping = limit < mailbox.dailyLimit;

  const toggleSending = (action: 'pause' | 'resume') =>
    sending.mutate(action, {
      onSuccess: () => toast.success(action === 'pause' ? m.paused : m.resumed),
      onError: (caught) => {
        const failed = action === 'pause' ? m.pauseFailed : m.resumeFailed;
        toast.error(failed, {
          description: refusalMessage(caught, undefined),
        });
      },
    });

  return (
    <li className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="truncate font-medium">{mailbox.email}</span>
            <Badge tone="neutral">
              {mailbox.provider === 'smtp' ? 'SMTP / IMAP' : oauthMessages[mailbox.provider].product}
            </Badge>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </div>
          {mailbox.status !== 'connected' && mailbox.statusReason && (
            <p
              className={
                mailbox.status === 'paused'
                  ? 'mt-1 text-sm text-amber-800 dark:text-amber-300'
                  : 'mt-1 text-sm text-red-700 dark:text-red-400'
              }
            >
              {mailbox.statusReason}
            </p>
          )}
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {mailbox.lastSync ? (
              <time dateTime={mailbox.lastSync} title={formatDateTime(mailbox.lastSync)}>
                Last sync {formatDistanceToNow(new Date(mailbox.lastSync), { addSuffix: true })}
              </time>
            ) : (
              'Never synced'
            )}{' '}
            · {spacing(mailbox)}
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Connected by {mailbox.connectedBy?.name ?? 'a former member'}
          </p>
          {ramping && (
            <p
              className="mt-1 text-sm text-indigo-700 dark:text-indigo-300"
              title="A new mailbox sends a few more emails each day without bounces, up to its daily limit."
            >
              Ramping up: {limit} of {mailbox.dailyLimit} today
            </p>
          )}
          <DomainCheckPanel mailboxId={mailbox.id} mayChange={mayChange} />
          <QuarantinedMessages mailboxId={mailbox.id} />
        </div>
        <DailyUsage sent={mailbox.emailsSentToday} limit={limit} />
        <div className="flex flex-wrap gap-2">
          {mailbox.status === 'paused' && (
            <Button size="sm" loading={sending.isPending} onClick={() => toggleSending('resume')}>
              {!sending.isPending && <Play aria-hidden className="size-4" />} Resume
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            aria-expanded={showHealth}
            aria-controls={panelId}
            onClick={() => setShowHealth(!showHealth)}
          >
            <Activity aria-hidden className="size-4" /> Health
          </Button>
          {mayChange && (
            <Button variant="outline" size="sm" onClick={onSettings}>
              Settings
            </Button>
          )}
          {mailbox.status === 'connected' && (
            <Button
              variant="outline"
              size="sm"
              loading={sending.isPending}
              onClick={() => toggleSending('pause')}
            >
              {!sending.isPending && <Pause aria-hidden className="size-4" />} Pause
            </Button>
          )}
          {mayChange && (
            <Button variant="outline" size="sm" onClick={onDisconnect}>
              Disconnect
            </Button>
          )}
        </div>
      </div>
      {showHealth && <MailboxHealthPanel mailbox={mailbox} id={panelId} />}
    </li>
  );
}
