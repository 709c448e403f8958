import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pendingIdentifiers } from './views';

describe('web/README.md lists the screens that are not available yet', () => {
  it('names exactly the pending identifiers of views.ts', () => {
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('<!-- pending:start -->'), readme.indexOf('<!-- pending:end -->'));
    const listed = [...section.matchAll(/`([a-z0-9-]+)` \//g)].map((match) => match[1]).sort();
    expect(listed).toEqual(Object.values(pendingIdentifiers()).flat().sort());
  });
});
