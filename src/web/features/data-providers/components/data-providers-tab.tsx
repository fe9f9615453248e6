import { PlugZap } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Me } from '#shared/schemas/auth';
import {
  dataProviderCredentialsSchema,
  dataProviderInfo,
  dataProviderMessages as m,
  type DataProviderView,
} from '#shared/schemas/data-providers';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { TextField } from '#web/components/ui/text-field';
import { formatDateTime } from '#web/lib/format';
import { refusalMessage } from '#web/lib/form-errors';
import {
  useConnectDataProvider,
  useDataProviders,
  useRemoveDataProvider,
  useTestDataProvider,
} from '../api/data-provider-queries';

/**
 * Settings → Data providers (docs/product.md#data-providers): Ahrefs, Moz, DataForSEO and Semrush,
 * each connected with the workspace's own keys (stored encrypted, never shown again), tested and
 * removed by Full Access members; other members see which are connected.
 */
export function DataProvidersTab({ user }: { user: Me }) {
  const providers = useDataProviders();
  const canEdit = user.workspace.role === 'full';
  if (providers.isPending)
    return (
      <Card className="max-w-3xl">
        <CardContent>
          <TableSkeleton rows={4} />
        </CardContent>
      </Card>
    );
  if (providers.isError) return <ErrorState message={m.loadFailed} onRetry={() => providers.refetch()} />;
  const connected = providers.data.items.filter((p) => p.connected).length;
  return (
    <div className="grid max-w-3xl gap-4">
      <div>
        <h2 className="text-lg font-semibold">Data providers</h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Connect the SEO tools you pay for with your own API keys. Campaigns then get a competitor&rsquo;s
          backlinks as prospects and refresh their prospects&rsquo; DR, DA or Authority Score, with the cost
          shown before each run. Answers are reused for 7 days at no cost.
        </p>
        {!canEdit && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{m.fullAccessOnly}</p>}
        {connected === 0 && (
          <p className="mt-2 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <PlugZap className="size-4" aria-hidden /> No data provider is connected yet.
          </p>
        )}
      </div>
      {providers.data.items.map((provider) => (
        <ProviderCard key={provider.provider} provider={provider} canEdit={canEdit} />
      ))}
    </div>
  );
}

function ProviderCard({ provider, canEdit }: { provider: DataProviderView; canEdit: boolean }) {
  const info = dataProviderInfo[provider.provider];
  const [editing, setEditing] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const test = useTestDataProvider();
  const remove = useRemoveDataProvider();
  return (
    <Card>
      <CardContent>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h3 className="font-semibold">{info.label}</h3>
            <p className="text-sm text-slate-600 dark:text-slate-400">{info.metrics} and backlinks</p>
          </div>
          {provider.connected ? (
            <Badge tone="success">Connected · key …{provider.keyHint}</Badge>
          ) : (
            <Badge>Not connected</Badge>
          )}
        </div>
        {provider.testedAt && (
          <p
            className={`mt-2 text-sm ${provider.testOk ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}
          >
            {provider.testMessage}{' '}
            <span className="text-slate-500 dark:text-slate-400">
              (tested {formatDateTime(provider.testedAt)})
            </span>
          </p>
        )}
        {editing ? (
          <CredentialsForm provider={provider} onDone={() => setEditing(false)} />
        ) : (
          canEdit && (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button
                size="sm"
                variant={provider.connected ? 'outline' : 'default'}
                onClick={() => setEditing(true)}
              >
                {provider.connected ? 'Replace key' : `Connect ${info.label}`}
              </Button>
              {provider.connected && (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    loading={test.isPending}
                    onClick={() =>
                      test.mutate(provider.provider, {
                        onSuccess: (result) =>
                          result.ok ? toast.success(result.message) : toast.error(result.message),
                        onError: (error) => toast.error(refusalMessage(error, m.testFailed)),
                      })
                    }
                  >
                    Test connection
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setConfirmingRemove(true)}>
                    Remove
                  </Button>
                </>
              )}
            </div>
          )
        )}
        <ConfirmDialog
          open={confirmingRemove}
          onOpenChange={setConfirmingRemove}
          title={`Remove ${info.label}?`}
          description="Its key is deleted. Metrics and prospects it brought stay."
          confirmLabel="Remove"
          pending={remove.isPending}
          onConfirm={() =>
            remove.mutate(provider.provider, {
              onSuccess: () => {
                setConfirmingRemove(false);
                toast.success(m.removed);
              },
              onError: (error) => toast.error(refusalMessage(error, m.removeFailed)),
            })
          }
        />
      </CardContent>
    </Card>
  );
}

/** The provider's credential fields, checked with the same schema the server parses. */
function CredentialsForm({ provider, onDone }: { provider: DataProviderView; onDone: () => void }) {
  const info = dataProviderInfo[provider.provider];
  const connect = useConnectDataProvider();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = dataProviderCredentialsSchema.safeParse({ provider: provider.provider, ...values });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      );
      return;
    }
    setErrors({});
    connect.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(m.saved);
        onDone();
      },
      onError: (error) => toast.error(refusalMessage(error, m.saveFailed)),
    });
  };
  return (
    <form noValidate onSubmit={onSubmit} className="mt-3 grid gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {info.help} Stored encrypted; never shown again.
      </p>
      {info.fields.map((field) => (
        <TextField
          key={field.name}
          label={field.label}
          type={field.name === 'login' ? 'text' : 'password'}
          autoComplete="off"
          value={values[field.name] ?? ''}
          error={errors[field.name]}
          onChange={(event) => setValues((v) => ({ ...v, [field.name]: event.target.value }))}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={connect.isPending}>
          Save key
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
