import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl } from './console';
import { REPO_ROOT } from './stack';
import { tokenFor } from './session';

/**
 * `make dev`'s web server (Vite, web/vite.config.ts) in front of the console under test: it must hand the
 * console's paths to the console as production does, so the ticket page's Temporal Web UI link works there too.
 */
const WEB = join(REPO_ROOT, 'web');
const TOKEN_COOKIE = 'genie_cms_token';
let vite: ChildProcess | undefined;
let devUrl = '';
// Colour escapes, dropped before reading what Vite says.
// eslint-disable-next-line no-control-regex -- the escape character is what the pattern finds
const ANSI_ESCAPE = /\u001b\[[0-9;]*m/g;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts Vite's dev server with the console as its upstream; resolves once it says where it listens. */
async function startVite(): Promise<string> {
  const port = await freePort();
  const child = spawn(join(WEB, 'node_modules', '.bin', 'vite'), ['--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    cwd: WEB,
    // CI (the variable) turns Vite's colours on even into a pipe, which splits the URL it prints with escapes.
    env: { ...process.env, OMP_API_URL: baseUrl, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  vite = child;
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const listen = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.replace(ANSI_ESCAPE, '').includes(url)) resolve();
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`vite exited (${code}) before listening:\n${said}`)));
  });
  return url;
}

beforeAll(async () => {
  devUrl = await startVite();
});

afterAll(() => {
  vite?.kill('SIGTERM');
});

describe('the dev server (make dev) serves what the console serves', () => {
  it('passes /temporal/ to the console, which lets operators reach the Temporal Web UI and refuses everyone else', async () => {
    const anonymous = await fetch(`${devUrl}/temporal/`);
    // Not the web app's own page (Vite's fallback for unknown paths): the console's refusal of a caller with no session.
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { code: string }).code).toBeTruthy();

    const operator = await fetch(`${devUrl}/temporal/`, { headers: { Cookie: `${TOKEN_COOKIE}=${await tokenFor()}` } });
    expect(operator.status).toBe(200);
    const page = await operator.text();
    expect(page).not.toContain('id="root"'); // the console's own index.html
    expect(page.toLowerCase()).toContain('temporal');
  });

  it('still passes the API (/cms) to the console', async () => {
    const info = await fetch(`${devUrl}/cms/info`);
    expect(info.status).toBe(200);
  });
});
