import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

/** One process of the built app (`node dist/server/main.js <role>`), started by a spec. */
export interface AppProcess {
  role: 'web' | 'worker';
  child: ChildProcess;
  /** Where a web process answers (http://localhost:<port>); undefined for a worker. */
  url?: string;
  /** Resolves with the signal that ended the process (null after a normal exit). */
  exited: Promise<NodeJS.Signals | null>;
  /** What the process printed, stdout and stderr together (for a failure's message). */
  output: () => string;
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the built app in `role` with `env` (on top of this process's), a web process on a free
 * port of 127.0.0.1 with that address as its APP_URL, and resolves once it printed its startup line
 * (after migrating the database and starting its queue). Rejects with its output if it exits first
 * or takes longer than `timeoutMs`.
 */
export async function startAppProcess(
  role: 'web' | 'worker',
  env: NodeJS.ProcessEnv,
  timeoutMs = 180_000,
): Promise<AppProcess> {
  const port = role === 'web' ? await freePort() : undefined;
  const url = port ? `http://localhost:${port}` : undefined;
  const child = spawn(process.execPath, [path.resolve('dist/server/main.js'), role], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port ?? 0), APP_URL: url ?? env.APP_URL },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} did not start:\n${output}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/^LinkPilot \((web|worker)\) (listening|running)/m.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${role} exited while starting:\n${output}`));
    });
  });
  return { role, child, url, exited, output: () => output };
}

/** Stops an app process as an operator would (SIGTERM: it drains and closes its pools). */
export async function stopAppProcess(app: AppProcess): Promise<void> {
  if (app.child.exitCode !== null || app.child.signalCode !== null) return;
  app.child.kill('SIGTERM');
  await app.exited;
}
