/**
 * The built app (`node dist/server/main.js`, after `npm run build`) as a child process of a benchmark,
 * so that what is measured — and the memory read from /proc — is the server's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths } from '../src/shared/paths';
import type { CreateCampaignInput } from '../src/shared/schemas/campaigns';

export interface AppProcess {
  /** e.g. http://127.0.0.1:3311 */
  base: string;
  /** Folder of the embedded database and uploads; kept across restarts, removed by `dispose`. */
  dataDir: string;
  pid(): number;
  /** Starts the server and resolves when /api/health answers. @throws after 2 minutes */
  start(): Promise<void>;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
  /** Stops the server and removes its data folder. */
  dispose(): Promise<void>;
  /**
   * Verifies `email` as its owner would: opens the verification link the server logs when it has no
   * SMTP server (src/server/auth/verification-mail.ts). @throws when no link was logged for it
   */
  verifyEmail(email: string): Promise<void>;
}

/** How a bench runs the app: its role (main.ts: `all`, `web` or `worker`) and settings added to its environment. */
export interface AppProcessOptions {
  role?: 'all' | 'web' | 'worker';
  env?: Record<string, string>;
}

/**
 * An app on `port` with a fresh embedded database (or `databaseUrl`), not started yet. A `worker`
 * listens on no port: it counts as started once it printed its startup line.
 */
export function appProcess(
  port: number,
  databaseUrl?: string,
  { role = 'all', env = {} }: AppProcessOptions = {},
): AppProcess {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'linkpilot-bench-'));
  let child: ChildProcess | null = null;
  let logged = '';
  let printed = '';

  async function stop(): Promise<void> {
    if (!child) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    child = null;
  }

  return {
    base,
    dataDir,
    pid: () => child?.pid ?? 0,
    async start() {
      // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the app under the bench's load.
      const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
      child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js', role], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: `http://localhost:${port}`,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        logged += chunk.toString();
        process.stderr.write(chunk);
      });
      // Only the start-up line is wanted; later lines are read and dropped so the pipe never fills.
      child.stdout!.on('data', (chunk: Buffer) => {
        if (printed.length < 10_000) printed += chunk.toString();
      });
      for (let i = 0; i < 240; i++) {
        if (child.exitCode !== null) throw new Error(`the ${role} process exited with ${child.exitCode}`);
        if (role === 'worker') {
          if (printed.includes('running jobs')) return;
          await new Promise((resolve) => setTimeout(resolve, 500));
          continue;
        }
        try {
          if ((await fetch(`${base}${apiPaths.health}`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error(`the ${role} process did not become ready`);
    },
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async verifyEmail(email) {
      const pattern = new RegExp(`the link for ${email.replace(/[.+]/g, '\\$&')} is (\\S+)`);
      // The mail goes out after the sign-up has answered.
      for (let i = 0; i < 50 && !pattern.test(logged); i++) await new Promise((r) => setTimeout(r, 100));
      const link = pattern.exec(logged)?.[1];
      if (!link) throw new Error(`no verification link was logged for ${email}`);
      // The link names APP_URL (localhost); the server listens on 127.0.0.1.
      const response = await fetch(new URL(new URL(link).pathname + new URL(link).search, base), {
        redirect: 'manual',
      });
      if (response.status >= 400) throw new Error(`verifying ${email} failed: ${response.status}`);
    },
  };
}

/** Signs up a new user; returns its email and the session cookie (`name=value`). @throws on refusal */
export async function signUpBenchUser(base: string): Promise<{ email: string; cookie: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const response = await fetch(`${base}${apiPaths.signUp}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'bench-password',
      firstName: 'Bench',
      lastName: 'User',
      companyName: 'Bench',
    }),
  });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!response.ok || !cookie) throw new Error(`sign-up failed: ${response.status}`);
  return { email, cookie };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (clock ticks of 10 ms); 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Resident set of a process in MB: the current one (VmRSS) and the peak since it started (VmHWM). */
export function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** Gives the user `campaigns` manual campaigns of `prospects` prospects each, so the dashboard has data. */
export async function seedCampaigns(
  base: string,
  cookie: string,
  campaigns = 3,
  prospects = 20,
): Promise<void> {
  for (let c = 1; c <= campaigns; c++) {
    const body: CreateCampaignInput = {
      type: 'manual',
      name: `Bench campaign ${c}`,
      websiteUrl: `https://site-${c}.example`,
      competitors: [],
      prospects: Array.from({ length: prospects }, (_, p) => ({
        website: `blog-${c}-${p}.example.com`,
        contactEmail: `editor@blog-${c}-${p}.example.com`,
        contactName: `Editor ${p}`,
      })),
    };
    const response = await fetch(`${base}${apiPaths.campaigns}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`creating a campaign failed: ${response.status} ${await response.text()}`);
  }
}
