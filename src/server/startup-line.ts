import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { DatabaseHandle } from './db/client';

/**
 * The URL a listening server can be reached at, from `server.address()`: the port the system chose
 * for PORT=0, an IPv6 address in brackets (RFC 3986 §3.2.2), a socket path as it is.
 */
export function boundUrl(address: AddressInfo | string): string {
  if (typeof address === 'string') return address;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** True for 0.0.0.0 and ::, which listen on every interface rather than name one. */
function isUnspecified(address: AddressInfo | string): boolean {
  return typeof address !== 'string' && (address.address === '0.0.0.0' || address.address === '::');
}

/**
 * The line main.ts prints once started, e.g. `LinkPilot (web) listening on http://127.0.0.1:41813
 * (public URL http://localhost:3000) — database: embedded PostgreSQL 18 at ./data/postgres`. `address` is the listening server's
 * `server.address()`, null for the worker role (no HTTP server). The public URL (APP_URL, what links
 * in mail point to) is added only when it differs from the address bound.
 */
export function startupLine(input: {
  role: string;
  address: AddressInfo | string | null;
  appUrl: string;
  database: string;
}): string {
  const { role, address, appUrl, database } = input;
  if (!address) return `LinkPilot (${role}) running jobs — database: ${database}`;
  const bound = boundUrl(address);
  const notes = [
    isUnspecified(address) ? 'all interfaces' : null,
    bound === appUrl ? null : `public URL ${appUrl}`,
  ].filter(Boolean);
  return `LinkPilot (${role}) listening on ${bound}${notes.length ? ` (${notes.join('; ')})` : ''} — database: ${database}`;
}

/**
 * How the startup line names the database: `embedded PostgreSQL 18 at ./data/postgres` (the folder
 * relative to the working directory when inside it), else `postgres` (an external server, DATABASE_URL).
 */
export function databaseLabel(handle: DatabaseHandle): string {
  if (!handle.embedded) return 'postgres';
  const relative = path.relative(process.cwd(), handle.embedded.dir);
  const shown =
    relative.startsWith('..') || path.isAbsolute(relative) ? handle.embedded.dir : `./${relative}`;
  return `embedded PostgreSQL ${handle.embedded.version} at ${shown}`;
}
