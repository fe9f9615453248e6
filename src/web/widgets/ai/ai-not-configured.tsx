import { aiDocsSection, aiMessages } from '#shared/schemas/ai';
import { Alert } from '#web/components/ui/alert';

/** 'AI is not configured' with where to read how to set it up (README section 'AI writing'). */
export function AiNotConfigured({ className }: { className?: string }) {
  return (
    <Alert variant="info" className={className}>
      <p className="font-medium">{aiMessages.notConfigured}</p>
      <p className="mt-1 text-sm">
        The administrator sets these in the server&apos;s environment; see the README section &lsquo;
        {aiDocsSection}&rsquo;. Everything else in LinkPilot works without it.
      </p>
    </Alert>
  );
}
