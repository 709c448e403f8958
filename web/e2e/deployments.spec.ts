import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, at } from './console';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { confirmDialog, createStaff, rowAction, selectOptions, signedIn, tokenFor } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('deployments', () => page);

const STAMP = Date.now().toString(36);
const REVIEWER = { username: `reviewer.${STAMP}`, password: 'Review-Desk-2026!' };
// The deploy commands run on the console's worker, on this machine: they wait for files the test writes.
const DIR = join(tmpdir(), `omp-e2e-deploy-${STAMP}`);
const RELEASE = join(DIR, 'release');
const READY = join(DIR, 'database-ready');
const SHOP = `shop-${STAMP}`;
const HELD = `held-${STAMP}`;
const HOLD = join(DIR, 'hold');
const BILLING = `billing-${STAMP}`;

const STEPS = `printf '\\033[36m==>\\033[0m pull image %s\\n' "$DEPLOY_VERSION"; while [ ! -f ${RELEASE} ]; do sleep 0.2; done; `
  + `printf '\\033[32mdeployed %s to %s\\033[0m\\n' "$DEPLOY_VERSION" "$DEPLOY_SERVERS"`;
const MIGRATION = `test -f ${READY} || { printf '\\033[31mmigration failed: database not ready\\033[0m\\n'; exit 3; }; echo migrated`;

async function addProject(code: string, name: string, deployCommand: string): Promise<number> {
  const reply = await api<{ id: number }>('POST', 'deploy/project/add', { code, name, deployCommand, timeLimitMinutes: 5 }, await tokenFor());
  expect(reply.code, reply.message).toBe('SUCCESS');
  return reply.data.id;
}

const logLines = () => page.getByTestId('deploy-log-line');
const logState = () => page.getByTestId('deploy-log-state').innerText();

beforeAll(async () => {
  mkdirSync(DIR, { recursive: true });
  await createStaff(REVIEWER, 'it', 'Release reviewer');
  await addProject(SHOP, 'Shop front', STEPS);
});

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

// The commands and the test share files: only with the console started here, on this machine.
describe.skipIf(Boolean(process.env.OMP_E2E_URL))('deployments', () => {
  it('a task is created, reviewed by another person, deployed by the local runner and followed in its live log', { timeout: 240_000 }, async () => {
    page = await signedIn(browser, '/review/created');
    await page.locator('#task-name').fill(`Release ${STAMP}`);
    await page.locator('#task-project').click();
    await selectOptions(page).filter({ hasText: SHOP }).click();
    await page.locator('#task-version').fill('2.4.0');
    await page.locator('#task-servers').fill('10.1.0.5\n10.1.0.6');
    await page.locator('#task-params').fill('{"WORKERS": 4}');
    // SPEC §2: closing the Review Created page asks for confirmation; cancelling keeps it.
    const tab = page.getByTestId('tabs-view').locator('.ant-tabs-tab', { has: page.locator('[data-tab-path="/review/created"]') });
    await tab.locator('.ant-tabs-tab-remove').click();
    const question = confirmDialog(page, 'Close this page?');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await page.locator('#task-version').inputValue()).toBe('2.4.0');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.waitForURL((url) => /^\/review\/\d+$/.test(url.pathname));
    const path = new URL(page.url()).pathname;
    await expect.poll(() => page.getByTestId('task-status').first().innerText()).toBe('Waiting for review');
    expect(await page.getByTestId('deploy-button').count()).toBe(0); // not before its review

    // another person reviews (each signed-in page is a fresh browser context)
    page = await signedIn(browser, path, { account: REVIEWER });
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.message));
    // a rejection needs its comment: said on the comment field, in words, and nothing breaks
    await page.getByRole('radio', { name: 'Reject' }).check();
    await page.getByRole('button', { name: 'Submit review' }).click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(['Comment: a rejection or a comment needs its text']);
    expect(uncaught).toEqual([]);
    expect(await page.getByTestId('task-status').first().innerText()).toBe('Waiting for review');
    await page.getByRole('radio', { name: 'Approve' }).check();
    await page.locator('#review-comment').fill('Four workers are enough.');
    await page.getByRole('button', { name: 'Submit review' }).click();
    await expect.poll(() => page.getByTestId('task-status').first().innerText()).toBe('Approved');

    page = await signedIn(browser, path);
    await page.getByTestId('deploy-button').click({ timeout: 30_000 }); // the page refreshes the task every 3 s
    // nothing deploys on one click: the question names the project, the version and the environment
    const deploying = confirmDialog(page, `Deploy ${SHOP} 2.4.0 to Test?`);
    expect(await deploying.getByTestId('confirm-subject').innerText()).toMatch(/Project\s+shop-\w+\s+Version\s+2\.4\.0\s+Environment\s+Test/);
    await deploying.getByRole('button', { name: 'Cancel' }).click();
    await deploying.waitFor({ state: 'detached' });
    expect(await page.getByTestId('run-status').count()).toBe(0);
    await page.getByTestId('deploy-button').click();
    await confirmDialog(page, `Deploy ${SHOP} 2.4.0 to Test?`).getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => logLines().first().innerText(), { timeout: 60_000 }).toContain('==> pull image 2.4.0');
    expect(await logState()).toBe('Live'); // the command is still running: the line came live
    expect(await logLines().first().innerHTML()).toMatch(/<span style="color:#0AA">==&gt;<\/span>/);
    writeFileSync(RELEASE, 'go');
    await expect.poll(() => logState(), { timeout: 60_000 }).toBe('Finished');
    expect(await logLines().allInnerTexts()).toEqual(['==> pull image 2.4.0', 'deployed 2.4.0 to 10.1.0.5,10.1.0.6']);
    await expect.poll(() => page.getByTestId('run-status').first().innerText(), { timeout: 30_000 }).toBe('Succeeded');
    const entries = await page.getByTestId('review-entry').allInnerTexts();
    expect(entries.some((text) => text.includes('Release reviewer') || text.includes(REVIEWER.username))).toBe(true);
  });

  it('a failed deploy is retried from the CI screen and its flow opens in the Temporal Web UI', { timeout: 300_000 }, async () => {
    const admin = await tokenFor();
    const reviewer = await tokenFor(REVIEWER);
    const projectId = await addProject(BILLING, 'Billing', MIGRATION);
    const task = await api<{ id: number }>('POST', 'deploy/task/add', {
      name: `Billing ${STAMP}`, projectId, version: '7.1.0', environment: 'TEST', serverIps: ['10.2.0.1'], params: {},
    }, admin);
    expect(task.code, task.message).toBe('SUCCESS');
    const approved = await api('POST', `deploy/task/${task.data.id}/review`, { decision: 'APPROVE' }, reviewer);
    expect(approved.code, approved.message).toBe('SUCCESS');
    const failed = await api<{ id: number }>('POST', 'deploy/run/add', { taskId: task.data.id }, admin);
    expect(failed.code, failed.message).toBe('SUCCESS');

    page = await signedIn(browser, '/system/audit/ci');
    const row = (id: number) => page.locator('.ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${id}$`) }) });
    await expect.poll(() => row(failed.data.id).getByTestId('run-status').innerText(), { timeout: 60_000 }).toBe('Failed');
    // the failed run's detail says how it ended and its last lines, above its whole log
    await rowAction(page, row(failed.data.id), 'View');
    const failure = page.getByTestId('run-failure');
    await expect.poll(() => failure.innerText()).toContain('Failed with exit status 3');
    expect(await page.getByTestId('run-log-tail').innerText()).toBe('migration failed: database not ready');
    await expect.poll(() => logLines().allInnerTexts()).toEqual(['migration failed: database not ready']);
    await page.keyboard.press('Escape');
    await page.getByTestId('detail-drawer').waitFor({ state: 'hidden' });

    writeFileSync(READY, 'yes');
    await rowAction(page, row(failed.data.id), 'Retry');
    await confirmDialog(page, `Deploy ${BILLING} 7.1.0 · Test again?`).getByRole('button', { name: 'OK' }).click();
    // the retry is the newest run of the project: it waits out the minute after the failed one (SPEC §5)
    const retry = page.locator('.ant-table-row', { hasText: BILLING }).filter({ has: page.locator('td', { hasText: /^Retry$/ }) });
    await expect.poll(() => retry.getByTestId('run-status').innerText(), { timeout: 150_000, interval: 2_000 }).toBe('Succeeded');
    const retryId = Number(await retry.locator('td').first().innerText());
    expect(retryId).toBeGreaterThan(failed.data.id);
    const [flow] = await Promise.all([page.context().waitForEvent('page'), rowAction(page, retry, 'Temporal flow')]);
    await expect.poll(() => flow.url()).toContain(`/temporal/namespaces/default/workflows/deploy-run-${retryId}`);
    await flow.close();
    await page.goto(at(`/temporal/namespaces/default/workflows/deploy-run-${retryId}`));
    await page.getByRole('heading', { name: `deploy-run-${retryId}` }).waitFor({ timeout: 90_000 });
    expect(existsSync(READY)).toBe(true);
  });
  it('a waiting run is withdrawn and retried, a running one cancelled, each only after a question naming it', { timeout: 240_000 }, async () => {
    const admin = await tokenFor();
    const reviewer = await tokenFor(REVIEWER);
    const projectId = await addProject(HELD, 'Held', `while [ ! -f ${HOLD} ]; do sleep 0.2; done; echo held`);
    const queued = async (version: string, environment: string) => {
      const task = await api<{ id: number }>('POST', 'deploy/task/add', {
        name: `Held ${version}`, projectId, version, environment, serverIps: ['10.3.0.1'], params: {},
      }, admin);
      expect(task.code, task.message).toBe('SUCCESS');
      expect((await api('POST', `deploy/task/${task.data.id}/review`, { decision: 'APPROVE' }, reviewer)).code).toBe('SUCCESS');
      const run = await api<{ id: number }>('POST', 'deploy/run/add', { taskId: task.data.id }, admin);
      expect(run.code, run.message).toBe('SUCCESS');
      return run.data.id;
    };
    const running = await queued('3.0.0', 'TEST');
    const waiting = await queued('3.1.0', 'DEV'); // one run at a time: it waits behind the running one

    page = await signedIn(browser, `/system/audit/deploy/jenkins-deploy?tab=releases&projectId=${projectId}`);
    const row = (id: number) => page.locator('.ant-table-row', { has: page.locator('td', { hasText: new RegExp(`^${id}$`) }) });
    const status = (id: number) => row(id).getByTestId('run-status').innerText();
    await expect.poll(() => status(running), { timeout: 60_000 }).toBe('Processing');
    expect(await status(waiting)).toBe('Queued');

    await rowAction(page, row(waiting), 'Withdraw');
    const withdrawing = confirmDialog(page, `Withdraw the queued run ${HELD} 3.1.0 · Development?`);
    expect(await withdrawing.getByTestId('confirm-subject').innerText()).toContain(`${HELD} 3.1.0 · Development`);
    await withdrawing.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => status(waiting)).toBe('Withdrawn');

    // a withdrawn run is retried: a new run of the same version, queued behind the running one
    await rowAction(page, row(waiting), 'Retry');
    await confirmDialog(page, `Deploy ${HELD} 3.1.0 · Development again?`).getByRole('button', { name: 'OK' }).click();
    const retry = page.locator('.ant-table-row', { hasText: '3.1.0' }).filter({ has: page.locator('td', { hasText: /^Retry$/ }) });
    await expect.poll(() => retry.getByTestId('run-status').innerText()).toBe('Queued');
    const retryId = Number(await retry.locator('td').first().innerText());

    await rowAction(page, row(running), 'Cancel');
    const cancelling = confirmDialog(page, `Cancel the running deploy ${HELD} 3.0.0 · Test?`);
    await cancelling.getByRole('button', { name: 'Cancel' }).click();
    await cancelling.waitFor({ state: 'detached' });
    expect(await status(running)).toBe('Processing');
    await rowAction(page, row(running), 'Cancel');
    await confirmDialog(page, `Cancel the running deploy ${HELD} 3.0.0 · Test?`).getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => status(running), { timeout: 60_000 }).toBe('Cancelled');
    // leave nothing waiting: the retry is withdrawn through the API (it waits out the minute after the cancel)
    const left = await api<{ status: string }>('POST', `deploy/run/${retryId}/cancel`, undefined, admin);
    expect(left.code, left.message).toBe('SUCCESS');
    writeFileSync(HOLD, 'go');
  });
});
