import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PYTHON = join(REPO_ROOT, '.venv', 'bin', 'python');
const START_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 30_000;

export interface RunningStack {
  url: string;
  /** Its PostgreSQL (a libpq URL), for the few set-ups no screen or API can make (see database.ts). */
  databaseUrl: string | null;
  /** Where its SMTP sink keeps the mails it received (.eml files), or null with an external relay. */
  mailDir: string | null;
  /** Its Temporal frontend (host:port) and namespace, for set-ups only a flow can make (see temporal.ts). */
  temporal: string | null;
  namespace: string | null;
  /** The demo marketplace the order sync pulls from, for injecting its failures (see order-sync.spec.ts). */
  marketplaceUrl: string | null;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts the whole console with throw-away data (`python -m launcher --ephemeral`) and resolves
 * with the URL from the JSON line it prints once everything answers.
 */
export function startStack(): Promise<RunningStack> {
  if (!existsSync(PYTHON)) {
    return Promise.reject(
      new Error(`No console to test: set OMP_E2E_URL to a running console, or create ${PYTHON} (see README).`),
    );
  }
  const child = spawn(PYTHON, ['-m', 'launcher', '--ephemeral'], {
    cwd: REPO_ROOT,
    // every demo shop's order sync Schedule once an hour, not every 5 minutes: the tests sync a shop when they mean to
    env: { ...process.env, OMP_ORDER_SYNC_MINUTES: process.env.OMP_ORDER_SYNC_MINUTES ?? '60' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const verbose = Boolean(process.env.OMP_E2E_VERBOSE);
  const errorTail: string[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    errorTail.push(line);
    if (errorTail.length > 40) errorTail.shift();
    if (verbose) console.error(`[stack] ${line}`);
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited(child);
    clearTimeout(timer);
  };

  return new Promise<RunningStack>((resolve, reject) => {
    const giveUp = (reason: string) => {
      void stop();
      reject(new Error(`${reason}\n--- launcher stderr (last lines) ---\n${errorTail.join('\n')}`));
    };
    const timer = setTimeout(() => giveUp(`the launcher printed no URL within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    child.once('error', (error) => {
      clearTimeout(timer);
      giveUp(`the launcher could not start: ${error.message}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      giveUp(`the launcher exited before it was ready (code ${code}, signal ${signal})`);
    });
    // Keep reading stdout for the whole run, so the launcher never blocks on a full pipe.
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (verbose) console.error(`[stack] ${line}`);
      if (!line.trimStart().startsWith('{')) return;
      try {
        const parsed = JSON.parse(line) as { url?: unknown; databaseUrl?: unknown; mailDir?: unknown; temporal?: unknown; namespace?: unknown;
          marketplaceUrl?: unknown };
        if (typeof parsed.url === 'string') {
          clearTimeout(timer);
          child.removeAllListeners('exit');
          const databaseUrl = typeof parsed.databaseUrl === 'string' ? parsed.databaseUrl : null;
          const mailDir = typeof parsed.mailDir === 'string' ? parsed.mailDir : null;
          const temporal = typeof parsed.temporal === 'string' ? parsed.temporal : null;
          const namespace = typeof parsed.namespace === 'string' ? parsed.namespace : null;
          const marketplaceUrl = typeof parsed.marketplaceUrl === 'string' ? parsed.marketplaceUrl : null;
          resolve({ url: parsed.url.replace(/\/+$/, ''), databaseUrl, mailDir, temporal, namespace, marketplaceUrl, stop });
        }
      } catch {
        // not the ready line
      }
    });
  });
}
