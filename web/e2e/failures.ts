import { afterEach } from 'vitest';
import type { Page } from 'playwright-core';

/** A failing test of this spec file leaves a screenshot of its page in /tmp/pw/<name>-fail.png. */
export function screenshotOnFailure(name: string, page: () => Page | undefined): void {
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') await page()?.screenshot({ path: `/tmp/pw/${name}-fail.png` }).catch(() => undefined);
  });
}
