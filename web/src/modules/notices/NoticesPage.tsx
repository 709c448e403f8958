import { useMemo } from 'react';
import { ResourcePage, type Resource } from '../../components/resource';
import { noticeApi, type Notice } from './api';
import notices from './resource';

/** Opens the notice's release flow in the Temporal Web UI (through the console's /temporal proxy). */
async function openFlow(notice: Notice) {
  const { workflowUrl } = await noticeApi.flow(notice.id);
  if (workflowUrl) window.open(workflowUrl, '_blank', 'noopener');
}

/** Notices and FAQ on the resource kit; operators also reach each one's release flow. */
export default function NoticesPage() {
  const resource: Resource<Notice> = useMemo(
    () => ({ ...notices, rowActions: [{ key: 'flow', label: 'flow', permission: 'temporal#operate', run: openFlow }] }),
    [],
  );
  return <ResourcePage resource={resource} />;
}
