import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Button, Select } from 'antd';

describe('Ant Design styles in unit tests', () => {
  it('are written where Ant Design looks for them, but jsdom parses none of them', () => {
    render(<><Button>Save</Button><Select aria-label="Kind" options={[{ value: 'a', label: 'A' }]} /></>);
    expect(document.querySelectorAll('style[data-rc-order]').length).toBeGreaterThan(0);
    expect(document.styleSheets.length).toBe(0);
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
