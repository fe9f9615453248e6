import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_APP_SECRET } from './outreach';

/** A job running in its own process, and the promise of the signal that ended it (null: it exited by itself). */
export interface JobProcess {
  child: ChildProcess;
  exited: Promise<NodeJS.Signals | null>;
  /** Kills the process (SIGKILL, as the OOM killer or a power cut would) and waits until it is gone. */
  kill(): Promise<NodeJS.Signals | null>;
}

/**
 * The worker is a fresh `tsx` process that compiles the server first: on a busy 2-core machine that
 * alone takes tens of seconds, so a test that starts one allows this long.
 */
export const JOB_PROCESS_TEST_TIMEOUT_MS = 120_000;

/**
 * Starts `run-job-once.ts` for the job `name` with `payload` on the database of `databaseUrl`, with
 * the test secret, loopback mail servers allowed and quiet logs; `env` adds settings (a proxy for the
 * fixture web, say). The crash and fault tests kill it mid-job (docs/decisions/042-fault-suite.md).
 */
export function startJobProcess(
  name: string,
  payload: unknown,
  databaseUrl: string,
  env: Record<string, string> = {},
): JobProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'run-job-once.ts'), name, JSON.stringify(payload)],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        APP_SECRET: TEST_APP_SECRET,
        APP_URL: 'https://app.example',
        MAIL_ALLOW_PRIVATE: '127.0.0.1',
        LOG_LEVEL: 'silent',
        ...env,
      },
      stdio: 'ignore',
    },
  );
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  return {
    child,
    exited,
    kill() {
      child.kill('SIGKILL');
      return exited;
    },
  };
}
