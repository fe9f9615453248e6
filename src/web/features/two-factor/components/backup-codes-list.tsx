import { Check, Copy, Download } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { useCopy } from '#web/lib/use-copy';

/**
 * Backup codes shown once: each works one time in place of an authenticator code. Copy and
 * Download (a text file) help the user keep them; they are never shown again.
 */
export function BackupCodesList({ codes }: { codes: readonly string[] }) {
  const { copied, copy } = useCopy();
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([`LinkPilot backup codes\n\n${text}\n`], { type: 'text/plain' }),
    );
    const link = Object.assign(document.createElement('a'), {
      href: url,
      download: 'linkpilot-backup-codes.txt',
    });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-4 dark:border-indigo-900 dark:bg-indigo-950/40">
      <p className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Keep these backup codes somewhere safe. Each one works once if you lose your phone. You will not see
        them again.
      </p>
      <ul aria-label="Backup codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-white px-2 py-1 text-center dark:bg-slate-900">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy(text)}>
          {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
          {copied ? 'Copied!' : 'Copy codes'}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          <Download aria-hidden className="size-4" />
          Download
        </Button>
      </div>
    </div>
  );
}
