import { Progress } from 'antd';
import { defineResource, type RowAction } from '../../components/resource';
import { saveFile } from '../../components/resource/api';
import { exportTaskApi, type ExportTask } from './api';

/** The bar of each state: running while PROCESSING, red once failed, full once the file is (or was) there. */
const BAR = { PROCESSING: 'active', ACTIVE: 'success', DOWNLOAD_FAILED: 'exception', EXPIRED: 'normal' } as const;

export function TaskProgress({ task }: { task: ExportTask }) {
  return (
    <Progress percent={task.percent} size="small" status={BAR[task.state]} style={{ minWidth: 120, margin: 0 }}
      aria-label={`${task.rowsWritten} / ${task.total ?? '?'}`} data-testid={`export-progress-${task.id}`} />
  );
}

const download: RowAction<ExportTask> = {
  key: 'download',
  label: 'download',
  when: (task) => task.state === 'ACTIVE',
  run: async (task) => {
    const file = await exportTaskApi.download(task.id);
    saveFile(file.blob, file.filename);
  },
};

const retry: RowAction<ExportTask> = {
  key: 'retry',
  label: 'retry',
  when: (task) => task.state === 'DOWNLOAD_FAILED',
  run: async (task, context) => {
    try {
      await exportTaskApi.retry(task.id);
    } finally {
      context.reload();
    }
  },
};

const kb = (size: unknown) => (typeof size === 'number' ? `${Math.max(1, Math.round(size / 1024)).toLocaleString()} KB` : '');

/** The caller's exports (everyone's for an export administrator), newest first; asked again every 2 s while one is
 *  being written. */
export const exportTasks = defineResource<ExportTask>({
  name: 'export-tasks',
  api: 'export-task',
  permission: '@authenticated',  // everyone's own exports (api/routers/export_tasks.py)
  rowActions: [download, retry],
  refresh: (rows) => (rows.some((task) => task.state === 'PROCESSING') ? 2000 : false),
  columns: [
    { key: 'id', title: 'id', type: 'number', filter: true, sorter: true, width: 80 },
    { key: 'resource', title: 'resource', priority: 'key', filter: true, format: (_, task) => task.listName },
    { key: 'filename', title: 'filename', ellipsis: true, width: 220 },
    { key: 'state', title: 'state', type: 'enum', enum: 'ExportState', priority: 'key', filter: { multiple: true }, sorter: true },
    { key: 'percent', title: 'progress', priority: 'key', format: (_, task) => <TaskProgress task={task} /> },
    { key: 'rowsWritten', title: 'rowsWritten', type: 'number' },
    { key: 'total', title: 'total', type: 'number', priority: 'wide' },
    { key: 'fileSize', title: 'fileSize', format: kb, priority: 'wide' },
    { key: 'error', title: 'error', ellipsis: true, hidden: true },
    { key: 'requestedByName', title: 'requestedBy', priority: 'wide' },
    { key: 'createdAt', title: 'createdAt', type: 'datetime', filter: true, sorter: true },
    { key: 'finishedAt', title: 'finishedAt', type: 'datetime', hidden: true },
    { key: 'expiresAt', title: 'expiresAt', type: 'datetime', sorter: true },
  ],
});
