import { formatDistanceToNow } from 'date-fns';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { apiPaths } from '#shared/paths';
import {
  apiKeyMessages as m,
  apiKeyScopeLabels,
  apiKeyStatus,
  type ApiKey,
  type ApiKeyStatus,
} from '#shared/schemas/api-keys';
import type { Me } from '#shared/schemas/auth';
import { ConfirmMutationDialog } from '#web/components/confirm-mutation-dialog';
import { Badge, type BadgeTone } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { EmptyState, ErrorState, TableSkeleton } from '#web/components/ui/page-states';
import { RevokeButton } from '#web/components/ui/revoke-button';
import { ActionsHeader, Table, Td, Th } from '#web/components/ui/table';
import { formatDate } from '#web/lib/format';
import { useApiKeys, useRevokeApiKey } from '../api/api-key-queries';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const statusLabels: Record<ApiKeyStatus, string> = {
  active: 'Active',
  revoked: 'Revoked',
  expired: 'Expired',
};
const statusTones: Record<ApiKeyStatus, BadgeTone> = {
  active: 'success',
  revoked: 'neutral',
  expired: 'warning',
};

/** When a key was last used: "Never", or how long ago ("5 minutes ago"). */
function lastUsed(iso: string | null): string {
  return iso ? formatDistanceToNow(new Date(iso), { addSuffix: true }) : 'Never';
}

/**
 * Settings → API keys (docs/decisions/025-public-api-and-webhooks.md): the workspace's keys with
 * their name, first characters, scopes, creator, dates and status. Full Access members create keys
 * (the secret is shown once) and revoke them after confirming; other members see the list only.
 */
export function ApiKeysTab({ user }: { user: Me }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const manages = user.workspace.role === 'full';
  const createButton = manages && (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden className="size-4" />
      Create API key
    </Button>
  );
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 px-6 pt-5 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">API keys</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Scripts and other tools call the API of {user.workspace.name} with a key, sent as{' '}
            <code className="font-mono text-xs">Authorization: Bearer …</code>; a key acts as the member who
            created it. See the{' '}
            <a
              href={apiPaths.docs}
              className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
            >
              API reference
            </a>
            .{!manages && ` ${m.fullAccessOnly}`}
          </p>
        </div>
        {keys.data && keys.data.length > 0 && createButton}
      </div>
      {keys.isPending ? (
        <TableSkeleton rows={3} />
      ) : keys.isError ? (
        <ErrorState message={m.loadFailed} onRetry={() => void keys.refetch()} />
      ) : keys.data.length === 0 ? (
        <EmptyState icon={KeyRound} title={m.empty} action={createButton || undefined}>
          {manages ? 'Create one for each script or tool, so you can revoke it alone.' : m.fullAccessOnly}
        </EmptyState>
      ) : (
        <Table className="mt-4">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Key</Th>
              <Th>Scopes</Th>
              <Th>Created by</Th>
              <Th>Created</Th>
              <Th>Last used</Th>
              <Th>Expires</Th>
              <Th>Status</Th>
              {manages && <ActionsHeader label="Revoke" />}
            </tr>
          </thead>
          <tbody>
            {keys.data.map((key) => {
              // As of the list's last load: it is fetched again after each change and on focus.
              const status = apiKeyStatus(key, keys.dataUpdatedAt);
              return (
                <tr key={key.id}>
                  <Td className="font-medium break-words">{key.name}</Td>
                  <Td className="font-mono text-xs whitespace-nowrap">{key.prefix}…</Td>
                  <Td>
                    <span className="flex gap-1">
                      {key.scopes.map((scope) => (
                        <Badge key={scope} tone="accent">
                          {apiKeyScopeLabels[scope]}
                        </Badge>
                      ))}
                    </span>
                  </Td>
                  <Td>{key.createdBy}</Td>
                  <Td className="whitespace-nowrap">{formatDate(key.createdAt)}</Td>
                  <Td className="whitespace-nowrap">{lastUsed(key.lastUsedAt)}</Td>
                  <Td className="whitespace-nowrap">{key.expiresAt ? formatDate(key.expiresAt) : 'Never'}</Td>
                  <Td>
                    <Badge tone={statusTones[status]}>{statusLabels[status]}</Badge>
                  </Td>
                  {manages && (
                    <Td className="w-24 text-right">
                      {status !== 'revoked' && (
                        <RevokeButton label={`Revoke ${key.name}`} onClick={() => setRevoking(key)} />
                      )}
                    </Td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
      {manages && <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />}
      <ConfirmMutationDialog
        target={revoking}
        onClose={() => setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'this API key'}?`}
        description="Scripts using it are refused from their next request. This cannot be undone."
        confirmLabel="Revoke"
        mutation={revoke}
        done={(key) => m.revoked(key.name)}
        failed={m.revokeFailed}
      />
    </Card>
  );
}
