import { FileSpreadsheet, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Dialog, DialogContent } from '#web/components/ui/dialog';
import { AiCampaignForm } from './ai-campaign-form';
import { ManualCampaignForm } from './manual-campaign-form';

type Step = 'choose' | 'ai' | 'manual';

const titles: Record<Step, string> = {
  choose: 'Create a campaign',
  ai: 'AI-assisted campaign',
  manual: 'Manual campaign',
};

/** Campaign creation (docs/product.md#campaign-creation): the method choice, then the AI or the manual form, each with Back. */
export function CreateCampaignDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [step, setStep] = useState<Step>('choose');
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) setStep('choose');
  };
  const back = () => setStep('choose');
  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent
        title={titles[step]}
        description={step === 'choose' ? 'How would you like to find prospects?' : undefined}
      >
        {step === 'choose' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <MethodCard
              icon={<Sparkles aria-hidden className="size-6" />}
              title="AI-assisted"
              text="We find link prospects from your website and competitors."
              onClick={() => setStep('ai')}
            />
            <MethodCard
              icon={<FileSpreadsheet aria-hidden className="size-6" />}
              title="Manual"
              text="Upload your own prospects from a CSV file."
              onClick={() => setStep('manual')}
            />
          </div>
        )}
        {step === 'ai' && <AiCampaignForm onBack={back} />}
        {step === 'manual' && <ManualCampaignForm onBack={back} />}
      </DialogContent>
    </Dialog>
  );
}

function MethodCard({
  icon,
  title,
  text,
  onClick,
}: {
  icon: React.ReactNode;
  title: string;
  text: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex cursor-pointer flex-col items-start gap-2 rounded-xl border border-slate-200 p-4 text-left transition-colors hover:border-indigo-400 hover:bg-indigo-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:border-slate-700 dark:hover:bg-indigo-500/10"
    >
      <span className="text-indigo-600 dark:text-indigo-400">{icon}</span>
      <span className="font-semibold">{title}</span>
      <span className="text-sm text-slate-600 dark:text-slate-400">{text}</span>
    </button>
  );
}
