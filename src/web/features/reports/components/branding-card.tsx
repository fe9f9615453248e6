import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { reportMessages as m, type ReportBranding } from '#shared/schemas/reports';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { Checkbox } from '#web/components/ui/checkbox';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { TextField } from '#web/components/ui/text-field';
import { ApiError } from '#web/lib/api-error';
import { refusalMessage } from '#web/lib/form-errors';
import { useBranding, useSaveBranding, useUploadBrandingLogo } from '../api/report-queries';

/** The workspace's white label for shared and emailed reports (docs/product.md#white-label). */
export function BrandingCard() {
  const branding = useBranding();
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="font-semibold">White label</h2>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        How shared and emailed reports look: your agency’s name, logo, colour and footer.
      </p>
      {branding.isPending ? (
        <TableSkeleton rows={2} />
      ) : branding.isError ? (
        <ErrorState message={m.loadFailed} onRetry={() => void branding.refetch()} />
      ) : (
        <BrandingForm key={JSON.stringify(branding.data)} branding={branding.data} />
      )}
    </Card>
  );
}

function BrandingForm({ branding }: { branding: ReportBranding }) {
  const [agencyName, setAgencyName] = useState(branding.agencyName);
  const [accentColor, setAccentColor] = useState(branding.accentColor);
  const [footer, setFooter] = useState(branding.footer);
  const [hideLinkPilot, setHideLinkPilot] = useState(branding.hideLinkPilot);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveBranding();
  const logo = useUploadBrandingLogo();
  const fileInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    void save.mutateAsync({ agencyName, accentColor, footer, hideLinkPilot }).then(
      () => toast.success(m.brandingSaved),
      (caught: unknown) => {
        if (caught instanceof ApiError && caught.issues.length)
          setErrors(Object.fromEntries(caught.issues.map((i) => [i.path, i.message])));
        else toast.error(refusalMessage(caught, m.brandingFailed));
      },
    );
  };

  return (
    <form onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
      <TextField
        label="Agency name"
        value={agencyName}
        onChange={(e) => setAgencyName(e.target.value)}
        error={errors.agencyName}
      />
      <div>
        <TextField
          label="Accent colour"
          value={accentColor}
          onChange={(e) => setAccentColor(e.target.value)}
          error={errors.accentColor}
          hint="As #rrggbb"
        />
        <span
          aria-hidden
          className="mt-2 inline-block h-3 w-16 rounded"
          style={{ background: /^#[0-9a-f]{6}$/i.test(accentColor) ? accentColor : 'transparent' }}
        />
      </div>
      <TextField
        label="Footer"
        value={footer}
        onChange={(e) => setFooter(e.target.value)}
        error={errors.footer}
        className="sm:col-span-2"
      />
      <div className="flex items-center gap-3">
        {branding.logoUrl ? (
          <img src={branding.logoUrl} alt="Report logo" className="h-10 max-w-32 rounded object-contain" />
        ) : (
          <span className="text-sm text-slate-500">No logo</span>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          loading={logo.isPending}
          onClick={() => fileInput.current?.click()}
        >
          Upload logo
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="hidden"
          aria-label="Logo image"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file)
              void logo.mutateAsync(file).then(
                () => toast.success(m.brandingSaved),
                (caught: unknown) => toast.error(refusalMessage(caught, m.brandingFailed)),
              );
          }}
        />
      </div>
      <Checkbox
        label="Hide LinkPilot"
        hint="Shared and emailed reports show no LinkPilot name"
        checked={hideLinkPilot}
        onChange={(e) => setHideLinkPilot(e.target.checked)}
      />
      <div className="sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          Save white label
        </Button>
      </div>
    </form>
  );
}
