import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from './database';
import { screenshotOnFailure } from './failures';
import { specBrowser } from './specBrowser';
import { signedIn } from './session';

const browser = specBrowser();
let page: Page;

screenshotOnFailure('tools', () => page);

const STAMP = Date.now().toString(36);

async function upload(kind: 'public' | 'unrestricted', name: string, mimeType: string, text: string): Promise<string> {
  await page.getByTestId(`upload-${kind}`).locator('input[type=file]').setInputFiles({ name, mimeType, buffer: Buffer.from(text) });
  const row = page.getByTestId('uploaded-files').getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
  await row.waitFor();
  return (await row.getByRole('link').getAttribute('href'))!;
}

describe('common tools (SPEC §2 /system/common-tools/tools)', () => {
  it('an OSS upload and an unrestricted upload each give a link that serves the file, and each is audited', async () => {
    page = await signedIn(browser, '/system/common-tools/tools');
    const note = `figures-${STAMP}.txt`;
    const link = await upload('public', note, 'text/plain', 'figures of the day');
    const served = await fetch(link); // a public link: no session needed
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('figures of the day');

    // The unrestricted upload takes any type, and an HTML page is downloaded, never rendered.
    const pageFile = `report-${STAMP}.html`;
    const other = await upload('unrestricted', pageFile, 'text/html', '<script>document.title = "x"</script>');
    const row = page.getByTestId('uploaded-files').getByRole('row', { name: new RegExp(pageFile.replace('.', '\\.')) });
    expect(await row.innerText()).toContain('Unrestricted upload');
    const download = await fetch(other);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');

    // each upload wrote an audit record (entity File, action upload)
    const audited = await sql<{ name: string; unrestricted: boolean }>(
      `select changes->'name'->>'after' as name, (changes->'unrestricted'->>'after')::boolean as unrestricted
         from entity_changes where entity = 'File' and action = 'upload' and changes->'name'->>'after' = any(%s)
        order by id`, [[note, pageFile]]);
    expect(audited).toEqual([{ name: note, unrestricted: false }, { name: pageFile, unrestricted: true }]);
  }, 120_000);
});
