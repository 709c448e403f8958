import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { inject } from 'vitest';
import { REPO_ROOT } from './stack';

const PYTHON = join(REPO_ROOT, '.venv', 'bin', 'python');

// One statement through psycopg (the console's own driver), rows back as JSON with instants in ISO 8601.
const RUN_SQL = `
import json, sys
import psycopg
with psycopg.connect(sys.argv[1], autocommit=True) as conn:
    cursor = conn.execute(sys.argv[2], json.loads(sys.argv[3]))
    rows = cursor.fetchall() if cursor.description else []
    names = [column.name for column in cursor.description or []]
    print(json.dumps([dict(zip(names, row)) for row in rows], default=lambda value: value.isoformat()))
`;

/**
 * Runs one SQL statement on the console's database and returns its rows: only for a state no screen or API
 * can reach in a test's time, such as a ticket whose SLA clock started an hour ago.
 */
export function sql<Row = Record<string, unknown>>(statement: string, params: unknown[] = []): Promise<Row[]> {
  const url = inject('databaseUrl');
  if (!url) return Promise.reject(new Error('No database to reach: set OMP_E2E_DATABASE_URL beside OMP_E2E_URL.'));
  return runPython(RUN_SQL, [url, statement, JSON.stringify(params)]).then((out) => JSON.parse(out) as Row[]);
}

/** A short script in the console's own Python (its drivers and SDKs); resolves with what it printed. */
export function runPython(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(PYTHON, ['-c', script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`python failed (${code}): ${err}`))));
  });
}

// Runs one statement in a transaction left open (its row locks held) until stdin closes, then rolls back.
const HOLD_SQL = `
import json, sys
import psycopg
with psycopg.connect(sys.argv[1]) as conn:
    conn.execute(sys.argv[2], json.loads(sys.argv[3]))
    print("held", flush=True)
    sys.stdin.read()
    conn.rollback()
`;

/**
 * Holds the row locks one statement takes (`SELECT ... FOR UPDATE`) until `release` is called: a flow that needs
 * those rows waits there, so a test can act on it at a known point (cancel a shelf merge between two batches)
 * without racing it.
 */
export async function holdRows(statement: string, params: unknown[] = []): Promise<{ release(): Promise<void> }> {
  const url = inject('databaseUrl');
  if (!url) throw new Error('No database to reach: set OMP_E2E_DATABASE_URL beside OMP_E2E_URL.');
  const child = spawn(PYTHON, ['-c', HOLD_SQL, url, statement, JSON.stringify(params)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => { if (chunk.toString().includes('held')) resolve(); });
    child.once('exit', (code) => reject(new Error(`lock holder ended (${code}): ${err}`)));
  });
  return {
    release: async () => {
      child.stdin.end();
      await exited;
    },
  };
}
