// @vitest-environment jsdom
import '../../../test/setup-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths, withId, withQuery } from '#shared/paths';
import type { BacklinkImport } from '#shared/schemas/backlink-imports';
import { apiError, json, mockApi } from '#web/test/mock-api';
import { BacklinkImportPanel } from './backlink-import-panel';

const campaignId = 'c0ffee00-0000-4000-8000-00000000000c';
const importsUrl = withId(apiPaths.backlinkImports, campaignId);
const intersectUrl = withQuery(withId(apiPaths.backlinkIntersect, campaignId), { page: 1, pageSize: 20 });
const emptyIntersect = { items: [], total: 0, page: 1, pageSize: 20, nextCursor: null, competitors: [] };
const recognised: BacklinkImport = {
  id: 'c0ffee00-0000-4000-8000-0000000000aa',
  fileName: 'rival.test-backlinks.csv',
  tool: 'ahrefs',
  report: 'backlinks',
  encoding: 'utf-16le',
  delimiter: '\t',
  header: ['Referring page URL', 'Domain rating', 'Anchor', 'Language'],
  mapping: {
    fields: { linkingPage: 0, anchor: 2 },
    metrics: [{ column: 1, source: 'ahrefs', metric: 'dr' }],
    targets: [],
  },
  targetDomain: 'rival.test',
  rowCount: 1508,
  domainCount: 612,
  status: 'uploaded',
  progress: 0,
  prospectsAdded: 0,
  domainsSkipped: 0,
  contactsFound: 0,
  error: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  finishedAt: null,
};

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <BacklinkImportPanel campaignId={campaignId} />
    </QueryClientProvider>,
  );
}

describe('BacklinkImportPanel', () => {
  it('shows the empty states, then what was recognised in an upload before importing it', async () => {
    mockApi({
      [`GET ${importsUrl}`]: () => json(200, { items: [] }),
      [`GET ${intersectUrl}`]: () => json(200, emptyIntersect),
      [`POST ${importsUrl}`]: () => json(201, recognised),
    });
    renderPanel();
    expect(await screen.findByText('No exports imported yet')).toBeVisible();
    expect(await screen.findByText('No shared linking sites yet')).toBeVisible();

    fireEvent.change(screen.getByLabelText('Export file'), {
      target: { files: [new File(['x'], 'rival.test-backlinks.csv', { type: 'text/csv' })] },
    });
    const found = await screen.findByRole('region', { name: 'Recognised export' });
    expect(
      within(found)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['Ahrefs', 'Backlinks', (1508).toLocaleString(), '612']);
    expect(within(found).getByRole('list', { name: 'Columns' })).toHaveTextContent(
      'Referring page URL → Linking page',
    );
    expect(within(found).getByRole('list', { name: 'Columns' })).toHaveTextContent('Domain rating → DR');
    expect(within(found).getByLabelText('Site these links point to')).toHaveValue('rival.test');
    expect(within(found).getByRole('button', { name: 'Import 612 domains' })).toBeEnabled();
  });

  it('says why an upload was refused, and when the imports cannot be loaded', async () => {
    mockApi({
      [`GET ${importsUrl}`]: () => apiError(500, 'INTERNAL', 'boom'),
      [`GET ${intersectUrl}`]: () => json(200, emptyIntersect),
      [`POST ${importsUrl}`]: () =>
        apiError(400, 'VALIDATION_ERROR', 'The file has no rows under its header.'),
    });
    renderPanel();
    expect(await screen.findByText('Imports could not be loaded.')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Export file'), {
      target: { files: [new File([''], 'empty.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByText('The file has no rows under its header.')).toBeVisible();
  });
});
