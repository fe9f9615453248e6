import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPaths, withId } from '#shared/paths';
import { currencyCodes, decimalToMinor, isCurrencyCode, minorToDecimal } from '#shared/money';
import {
  paymentStatusLabels,
  paymentStatuses,
  placementMessages as m,
  placementRels,
  warrantyPresets,
  type PaymentStatus,
  type Placement,
  type PlacementRel,
} from '#shared/schemas/placements';
import { Alert } from '#web/components/ui/alert';
import { Dialog, DialogContent, DialogFormFooter } from '#web/components/ui/dialog';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { TextField } from '#web/components/ui/text-field';
import { TextareaField } from '#web/components/ui/textarea-field';
import { clientOptionsQuery } from '#web/data/client-options';
import { ApiError } from '#web/lib/api-error';
import { refusalMessage } from '#web/lib/form-errors';
import { useUpdatePlacement, useUploadInvoice } from '../api/placement-queries';

/** The form's values as typed: the price as a decimal in major units, the warranty as a choice. */
interface Values {
  clientId: string;
  pageUrl: string;
  targetUrl: string;
  anchorText: string;
  rel: PlacementRel;
  liveAt: string;
  price: string;
  currency: string;
  paymentStatus: PaymentStatus;
  paidAt: string;
  invoiceNumber: string;
  warranty: string;
  customMonths: string;
  notes: string;
}

function valuesOf(p: Placement): Values {
  const preset =
    p.warrantyMonths === null
      ? 'none'
      : (warrantyPresets as readonly number[]).includes(p.warrantyMonths)
        ? String(p.warrantyMonths)
        : 'custom';
  return {
    clientId: p.clientId ?? 'none',
    pageUrl: p.pageUrl,
    targetUrl: p.targetUrl,
    anchorText: p.anchorText,
    rel: p.rel,
    liveAt: p.liveAt ?? '',
    price: p.priceMinor !== null && p.currency ? minorToDecimal(p.priceMinor, p.currency) : '',
    currency: p.currency ?? 'EUR',
    paymentStatus: p.paymentStatus,
    paidAt: p.paidAt ?? '',
    invoiceNumber: p.invoiceNumber ?? '',
    warranty: preset,
    customMonths: preset === 'custom' ? String(p.warrantyMonths) : '',
    notes: p.notes,
  };
}

const warrantyOptions = [
  { value: 'none', label: 'No warranty' },
  ...warrantyPresets.map((n) => ({ value: String(n), label: `${n} months` })),
  { value: 'custom', label: 'Custom…' },
];
const relOptions = placementRels.map((r) => ({ value: r, label: r }));
const paymentOptions = paymentStatuses.map((s) => ({ value: s, label: paymentStatusLabels[s] }));
const currencyOptions = currencyCodes.map((c) => ({ value: c, label: c }));

/**
 * The placement's edit dialog (docs/product.md#placements): terms as agreed, price and currency,
 * payment with its date, invoice number and file, warranty, notes. The price is typed in major
 * units and sent as minor units of the chosen currency; the server checks everything again.
 */
export function PlacementDialog({
  placement,
  onClose,
}: {
  placement: Placement | null;
  onClose: () => void;
}) {
  // Keyed by the placement, so each opening starts from its stored values.
  return placement ? <PlacementForm key={placement.id} placement={placement} onClose={onClose} /> : null;
}

function PlacementForm({ placement, onClose }: { placement: Placement; onClose: () => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(placement));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePlacement();
  const upload = useUploadInvoice();
  const clients = useQuery(clientOptionsQuery());
  // The file just attached, until the dialog is opened again from the refreshed list.
  const invoice = upload.data?.invoice ?? placement.invoice;

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues({ ...values, [key]: value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const currency = values.currency.trim().toUpperCase();
    let priceMinor: number | null = null;
    if (values.price.trim()) {
      if (!isCurrencyCode(currency)) found.currency = m.invalidCurrency;
      else {
        priceMinor = decimalToMinor(values.price, currency);
        if (priceMinor === null) found.price = 'Write the price as a number such as 150 or 150.00';
      }
    }
    const warrantyMonths =
      values.warranty === 'none'
        ? null
        : values.warranty === 'custom'
          ? Number(values.customMonths)
          : Number(values.warranty);
    if (values.warranty === 'custom' && !(Number.isInteger(warrantyMonths) && warrantyMonths! >= 1))
      found.warrantyMonths = 'Write a whole number of months';
    setErrors(found);
    if (Object.keys(found).length) return;
    setError(null);
    await update
      .mutateAsync({
        id: placement.id,
        input: {
          clientId: values.clientId === 'none' ? null : values.clientId,
          pageUrl: values.pageUrl,
          targetUrl: values.targetUrl,
          anchorText: values.anchorText,
          rel: values.rel,
          liveAt: values.liveAt || null,
          priceMinor,
          currency: priceMinor === null ? null : currency,
          paymentStatus: values.paymentStatus,
          paidAt: values.paidAt || null,
          invoiceNumber: values.invoiceNumber || null,
          warrantyMonths,
          notes: values.notes,
        },
      })
      .then(
        () => {
          toast.success(m.saved);
          onClose();
        },
        (caught: unknown) => {
          if (caught instanceof ApiError && caught.issues.length) {
            const fieldOf: Record<string, string> = { priceMinor: 'price' };
            setErrors(Object.fromEntries(caught.issues.map((i) => [fieldOf[i.path] ?? i.path, i.message])));
          } else setError(refusalMessage(caught, m.saveFailed));
        },
      );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Edit placement"
        description={
          placement.prospectWebsite ? `Won from ${placement.prospectWebsite}` : 'A won link and its terms'
        }
        className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      >
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Page URL"
              value={values.pageUrl}
              error={errors.pageUrl}
              onChange={(e) => set('pageUrl', e.target.value)}
            />
            <TextField
              label="Target URL"
              value={values.targetUrl}
              error={errors.targetUrl}
              onChange={(e) => set('targetUrl', e.target.value)}
            />
            <TextField
              label="Anchor text"
              value={values.anchorText}
              error={errors.anchorText}
              onChange={(e) => set('anchorText', e.target.value)}
            />
            <div>
              <Label htmlFor="placement-rel">Rel as agreed</Label>
              <Select
                id="placement-rel"
                className="mt-1.5"
                value={values.rel}
                options={relOptions}
                onValueChange={(v) => set('rel', v as PlacementRel)}
              />
            </div>
            <TextField
              label="Date live"
              type="date"
              value={values.liveAt}
              error={errors.liveAt}
              onChange={(e) => set('liveAt', e.target.value)}
            />
            <div>
              <Label htmlFor="placement-client">Client</Label>
              <Select
                id="placement-client"
                className="mt-1.5"
                value={values.clientId}
                options={[
                  { value: 'none', label: 'No client' },
                  ...(clients.data ?? []).map((c) => ({ value: c.id, label: c.name })),
                ]}
                onValueChange={(v) => set('clientId', v)}
              />
            </div>
            <TextField
              label="Price"
              inputMode="decimal"
              placeholder="150.00"
              value={values.price}
              error={errors.price}
              onChange={(e) => set('price', e.target.value)}
            />
            <div>
              <Label htmlFor="placement-currency">Currency</Label>
              <Select
                id="placement-currency"
                className="mt-1.5"
                value={values.currency}
                options={currencyOptions}
                invalid={Boolean(errors.currency)}
                onValueChange={(v) => set('currency', v)}
              />
              {errors.currency && (
                <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{errors.currency}</p>
              )}
            </div>
            <div>
              <Label htmlFor="placement-payment">Payment</Label>
              <Select
                id="placement-payment"
                className="mt-1.5"
                value={values.paymentStatus}
                options={paymentOptions}
                onValueChange={(v) => set('paymentStatus', v as PaymentStatus)}
              />
            </div>
            <TextField
              label="Payment date"
              type="date"
              value={values.paidAt}
              error={errors.paidAt}
              onChange={(e) => set('paidAt', e.target.value)}
            />
            <TextField
              label="Invoice number"
              value={values.invoiceNumber}
              error={errors.invoiceNumber}
              onChange={(e) => set('invoiceNumber', e.target.value)}
            />
            <div>
              <Label htmlFor="placement-invoice-file">Invoice file (PDF or image)</Label>
              <input
                id="placement-invoice-file"
                type="file"
                accept="application/pdf,image/png,image/jpeg,image/webp"
                className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 dark:text-slate-300 dark:file:bg-slate-800 dark:file:text-slate-200"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file)
                    upload.mutate(
                      { id: placement.id, file },
                      {
                        onSuccess: () => toast.success('Invoice attached'),
                        onError: (caught) => toast.error(refusalMessage(caught, m.saveFailed)),
                      },
                    );
                }}
              />
              {invoice && (
                <a
                  className="mt-1 block text-sm text-indigo-700 hover:underline dark:text-indigo-300"
                  href={withId(apiPaths.placementInvoice, placement.id)}
                >
                  {invoice.fileName}
                </a>
              )}
            </div>
            <div>
              <Label htmlFor="placement-warranty">Warranty</Label>
              <Select
                id="placement-warranty"
                className="mt-1.5"
                value={values.warranty}
                options={warrantyOptions}
                onValueChange={(v) => set('warranty', v)}
              />
              {errors.warrantyMonths && values.warranty !== 'custom' && (
                <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{errors.warrantyMonths}</p>
              )}
            </div>
            {values.warranty === 'custom' && (
              <TextField
                label="Warranty months"
                inputMode="numeric"
                value={values.customMonths}
                error={errors.warrantyMonths}
                onChange={(e) => set('customMonths', e.target.value)}
              />
            )}
          </div>
          <TextareaField
            label="Notes"
            rows={3}
            value={values.notes}
            error={errors.notes}
            onChange={(e) => set('notes', e.target.value)}
          />
          {error && <Alert variant="destructive">{error}</Alert>}
          <DialogFormFooter onCancel={onClose} submitLabel="Save placement" pending={update.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
