import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import { browserZone, getDisplayZone, setDisplayZone } from '../components/format/time';
import { finishClosing } from './closing';
import { freshPage } from './freshPage';

describe('what a test file leaves in the page the next file shares', () => {
  it('keeps no stored value, cookie, address or time zone', () => {
    window.localStorage.setItem('language', 'zh-CN');
    window.sessionStorage.setItem('tabs', '[]');
    document.cookie = 'token=abc; path=/';
    window.history.replaceState(null, '', '/tickets/7?tab=log');
    setDisplayZone('Asia/Jakarta');

    freshPage();

    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
    expect(window.location.pathname + window.location.search).toBe('/');
    expect(getDisplayZone()).toBe(browserZone());
  });

  it('keeps no dialog, message or notification that was still closing', async () => {
    await act(async () => {
      Modal.confirm({ title: 'Disable this warehouse?' });
      message.info('Saved');
      notification.error({ title: 'Failed' });
    });
    expect(await screen.findByRole('dialog')).toBeTruthy();
    await act(async () => {
      Modal.destroyAll();
      message.destroy();
      notification.destroy();
    });
    expect(document.querySelector('[class*="-leave"]')).not.toBeNull(); // jsdom runs no animation

    await finishClosing();

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.queryByText('Failed')).toBeNull();
    expect(document.body.getAttribute('style') ?? '').not.toContain('overflow');
  });
});
