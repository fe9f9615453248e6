import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/client';
import { boundUrl, databaseLabel, startupLine } from './startup-line';

let server: Server | null = null;
afterEach(async () => {
  const listening = server;
  server = null;
  if (listening) await new Promise((resolve) => listening.close(resolve));
});

describe('startup line', () => {
  it('names the port the system chose for port 0, not the configured one', async () => {
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const address = server.address() as AddressInfo;
    expect(address.port).toBeGreaterThan(0);
    expect(startupLine({ role: 'all', address, appUrl: 'http://localhost:0', database: 'postgres' })).toBe(
      `LinkPilot (all) listening on http://127.0.0.1:${address.port} (public URL http://localhost:0) — database: postgres`,
    );
  });

  it('says when it listens on every interface, and brackets IPv6', () => {
    const any = { address: '0.0.0.0', family: 'IPv4', port: 3000 };
    expect(
      startupLine({ role: 'web', address: any, appUrl: 'https://app.example', database: 'postgres' }),
    ).toBe(
      'LinkPilot (web) listening on http://0.0.0.0:3000 (all interfaces; public URL https://app.example) — database: postgres',
    );
    expect(boundUrl({ address: '::1', family: 'IPv6', port: 8080 })).toBe('http://[::1]:8080');
    expect(
      startupLine({
        role: 'all',
        address: { address: '127.0.0.1', family: 'IPv4', port: 3000 },
        appUrl: 'http://127.0.0.1:3000',
        database: 'postgres',
      }),
    ).toBe('LinkPilot (all) listening on http://127.0.0.1:3000 — database: postgres');
  });

  it('has no address for the worker role', () => {
    expect(
      startupLine({ role: 'worker', address: null, appUrl: 'http://localhost:3000', database: 'postgres' }),
    ).toBe('LinkPilot (worker) running jobs — database: postgres');
  });
});

describe('databaseLabel', () => {
  const postgres = (embedded?: { dir: string; version: string; owned: boolean }) =>
    ({ ...(embedded && { embedded }) }) as DatabaseHandle;

  it('names the embedded server with its version and folder, relative to the working directory inside it', () => {
    const inside = `${process.cwd()}/data/postgres`;
    expect(databaseLabel(postgres({ dir: inside, version: '18', owned: true }))).toBe(
      'embedded PostgreSQL 18 at ./data/postgres',
    );
    expect(databaseLabel(postgres({ dir: '/srv/elsewhere/postgres', version: '18', owned: true }))).toBe(
      'embedded PostgreSQL 18 at /srv/elsewhere/postgres',
    );
  });

  it('names an external server by its driver', () => {
    expect(databaseLabel(postgres())).toBe('postgres');
  });
});
