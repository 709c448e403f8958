import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { loadNamespaces } from '../../i18n';
import ToolsPage from './ToolsPage';

beforeAll(() => loadNamespaces(['tools']));

function renderPage(permissions: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session', 'user'], { permissions, isSuper: false });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter><ToolsPage /></MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the common tools page', () => {
  it('offers each upload only to holders of its own permission', () => {
    renderPage(['tools', 'file#upload-public']);
    expect(screen.getByTestId('upload-public')).toBeTruthy();
    expect(screen.queryByTestId('upload-unrestricted')).toBeNull();
  });

  it('offers the unrestricted upload to its holders', () => {
    renderPage(['tools', 'file#upload-unrestricted']);
    expect(screen.getByText('Unrestricted upload')).toBeTruthy();
    expect(screen.queryByTestId('upload-public')).toBeNull();
  });

  it('says so when neither upload is allowed', () => {
    renderPage(['tools']);
    expect(screen.getByText(/ask an administrator/)).toBeTruthy();
  });
});
