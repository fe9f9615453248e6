import { useState } from 'react';
import { toast } from 'sonner';
import { outreachMessages as m, type EnrollmentResult } from '#shared/schemas/outreach';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Checkbox } from '#web/components/ui/checkbox';
import { Dialog, DialogContent, DialogFooter } from '#web/components/ui/dialog';
import { Skeleton } from '#web/components/ui/skeleton';
import { refusalMessage } from '#web/lib/form-errors';
import { useSingleFlight } from '#web/lib/use-single-flight';
import { useEnrollCampaign, useEnrollmentPreview } from '../api/outreach-queries';

interface SendEmailsDialogProps {
  campaignId: string;
  /** The campaign is paused: the prospects are enrolled but wait for Resume Sending. */
  paused: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the outreach settings, when the campaign lacks a mailbox or a sequence. */
  onOpenSettings: () => void;
}

const prospectCount = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'prospect' : 'prospects'}`;

/**
 * What Send Emails tells after enrolling: how many were enrolled and, for those whose address
 * cannot receive mail, "N not enrolled: <reason>" each; a warning when nobody was enrolled.
 */
export function enrollmentSummary(
  result: EnrollmentResult,
  paused: boolean,
): { message: string; description?: string; warning: boolean } {
  const skipped = result.notEnrolled.map((n) => `${n.prospects.toLocaleString()} not enrolled: ${n.reason}`);
  return {
    message: `${prospectCount(result.enrolled)} enrolled${paused || result.enrolled === 0 ? '' : ': sending has started'}`,
    description: skipped.length > 0 ? skipped.join('. ') : undefined,
    warning: result.enrolled === 0,
  };
}

/**
 * Send Emails' confirmation (docs/decisions/009-outreach-sending.md): how many pending prospects with an email will be enrolled
 * (or what stops the campaign from sending), then enrolls them; their first step goes out inside
 * the sending window, spaced per mailbox.
 */
export function SendEmailsDialog({
  campaignId,
  paused,
  open,
  onOpenChange,
  onOpenSettings,
}: SendEmailsDialogProps) {
  const preview = useEnrollmentPreview(campaignId, open);
  const enroll = useEnrollCampaign(campaignId);
  const close = () => onOpenChange(false);
  const data = preview.data;
  // Risky (catch-all) addresses are asked about: enrolled only when the user ticks them in.
  const [includeRisky, setIncludeRisky] = useState(false);
  const count = data ? data.eligible + (includeRisky ? data.risky : 0) : 0;
  const ready = data && !data.blocker && count > 0;
  // One enrollment request per click: a double click must not send a second request that finds
  // nobody left to enroll and says so.
  const send = useSingleFlight(() =>
    enroll.mutateAsync(includeRisky).then(
      (result) => {
        const { message, description, warning } = enrollmentSummary(result, paused);
        (warning ? toast.warning : toast.success)(message, { description });
        close();
      },
      (e: unknown) => toast.error(refusalMessage(e, m.enrollFailed)),
    ),
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !enroll.isPending && onOpenChange(next)}>
      <DialogContent title="Send Emails">
        {preview.isPending ? (
          <div role="status" aria-label="Counting prospects" className="space-y-2">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
          </div>
        ) : preview.isError ? (
          <Alert variant="destructive">
            <p>{m.loadFailed}</p>
          </Alert>
        ) : data!.blocker ? (
          <Alert variant="destructive">
            <p>{data!.blocker}</p>
          </Alert>
        ) : data!.eligible + data!.risky === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{m.nothingToEnroll}</p>
        ) : (
          <div className="space-y-2 text-sm text-slate-700 dark:text-slate-300">
            <p className="text-base font-medium text-slate-900 dark:text-white">
              {prospectCount(count)} will be enrolled in this campaign’s sequence.
            </p>
            {data!.undeliverable > 0 && (
              <p>{prospectCount(data!.undeliverable)} skipped: their address was verified undeliverable.</p>
            )}
            {data!.risky > 0 && (
              <Checkbox
                label={`Also send to ${prospectCount(data!.risky)} with a risky address`}
                hint="Their domain accepts every address (catch-all), so the mailbox could not be confirmed; some may bounce."
                checked={includeRisky}
                onChange={(e) => setIncludeRisky(e.target.checked)}
              />
            )}
            <p>
              Pending prospects with an email address are included; suppressed addresses, addresses whose
              domain does not accept mail and prospects already enrolled are skipped. The first emails go out
              inside your sending window, a few minutes apart per mailbox.
            </p>
            {paused && <p className="font-medium text-amber-800 dark:text-amber-300">{m.pausedEnrollment}</p>}
            {data!.warning && (
              <p className="font-medium text-amber-800 dark:text-amber-300">{data!.warning}</p>
            )}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={enroll.isPending}>
            Cancel
          </Button>
          {data?.blocker && data.blocker !== m.completed ? (
            <Button
              onClick={() => {
                close();
                onOpenSettings();
              }}
            >
              Open Outreach Settings
            </Button>
          ) : (
            <Button disabled={!ready} loading={enroll.isPending} onClick={send}>
              {ready ? `Send to ${prospectCount(count)}` : 'Send'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
