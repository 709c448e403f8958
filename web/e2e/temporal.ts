import { inject } from 'vitest';
import { runPython } from './database';

// Starts (or terminates) a workflow through the console's own SDK; nothing runs it on a queue no worker polls.
const FLOW = `
import asyncio, os, sys
from temporalio.client import Client
async def main(address, namespace, action, workflow_id, queue):
    client = await Client.connect(address, namespace=namespace)
    if action == "start":
        await client.start_workflow("e2e-waiting", id=workflow_id, task_queue=queue)
    else:
        await client.get_workflow_handle(workflow_id).terminate("browser test done")
asyncio.run(main(*sys.argv[1:]))
sys.stdout.flush()
os._exit(0)  # the client's Rust threads can abort the interpreter's teardown (temporalio/sdk-python#300)
`;

function temporal(): [string, string] {
  const address = inject('temporal');
  if (!address) throw new Error('No Temporal to reach: set OMP_E2E_TEMPORAL beside OMP_E2E_URL.');
  return [address, inject('namespace') || 'default'];
}

/** A workflow task left waiting on `queue`, which no worker polls: a backlog the server reports. */
export async function waitingFlow(workflowId: string, queue: string): Promise<void> {
  await runPython(FLOW, [...temporal(), 'start', workflowId, queue]);
}

export async function endFlow(workflowId: string): Promise<void> {
  await runPython(FLOW, [...temporal(), 'terminate', workflowId, '']);
}
