import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import { finishClosing } from './closing';

describe('what a test closed outside its tree', () => {
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
