import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../app/queryClient';
import { envelope, fakeApi } from '../../test/fakeApi';
import { serverEnums } from '../../test/serverEnums';
import { JobName, RecordName, TaskName } from './names';

const BUILT_IN = { name: 'Ticket flow reconciliation', handler: 'ticketFlows', method: 'reconcile', jobKey: 'ticketFlows.reconcile' };
// a built-in task an operator renamed: the server gives no job key, so its new name shows
const RENAMED = { name: 'Ticket sweeper', handler: 'ticketFlows', method: 'reconcile', jobKey: null };
const OWN = { name: 'Nightly ping', handler: 'console', method: 'ping', jobKey: null };

function show(language: string) {
  fakeApi(() => ({ body: envelope(serverEnums(language)) }));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TaskName row={BUILT_IN} />
      <TaskName row={OWN} />
      <p><TaskName row={RENAMED} /></p>
      <p><JobName row={OWN} /></p>
      <p><JobName row={{ handler: 'http', method: 'probe' }} /></p>
      <p><RecordName row={{ jobName: 'Plan expiry sweep', jobKey: 'plans.expireSweep' }} /></p>
      <RecordName row={{ jobName: 'Nightly ping run', jobKey: null }} />
    </QueryClientProvider>,
  );
}

describe('jobs and tasks by name', () => {
  it('name a built-in task and every job in the reader language, never by its code', async () => {
    show('zh-CN');
    expect(await screen.findByText('工单流程对账')).toBeTruthy();
    expect(screen.getByText('控制台健康探测')).toBeTruthy();
    expect(screen.getByText('HTTP 探测')).toBeTruthy();
    expect(screen.getByText('套餐到期清理')).toBeTruthy(); // a run of a built-in task
    expect(screen.getByText('Nightly ping run')).toBeTruthy();
    expect(screen.queryByText(/console\.ping|http\.probe|Ticket flow reconciliation|Plan expiry sweep/)).toBeNull();
  });

  it('keep the name the operators gave their own task', async () => {
    show('id');
    expect(await screen.findByText('Rekonsiliasi alur tiket')).toBeTruthy();
    expect(screen.getByText('Nightly ping')).toBeTruthy();
  });

  it('show a renamed built-in task by its new name, not its job', async () => {
    show('zh-CN');
    expect(await screen.findByText('Ticket sweeper')).toBeTruthy();
  });
});
