import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { i18n, useTranslate } from '.';

function Started() {
  const t = useTranslate(['order-sync']);
  return <p>{t('started')}</p>;
}

describe('useTranslate', () => {
  it('loads a namespace its route did not and draws the text, never the key', async () => {
    expect(i18n.hasResourceBundle('en', 'order-sync')).toBe(false);
    render(<Started />);
    expect(await screen.findByText('Sync started: processing, please wait')).toBeTruthy();
  });
});
