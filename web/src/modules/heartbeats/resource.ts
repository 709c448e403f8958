import { defineResource } from '../../components/resource';
import { detailPath, type Heartbeat } from './api';

/** The heartbeat list (SPEC §2): every API and worker process with its version, host and last beat. */
export default defineResource<Heartbeat>({
  name: 'heartbeats',
  api: 'heartbeat',
  permission: 'heartbeat-list',
  defaultSort: '-lastBeatAt',
  detailPath: (row) => detailPath(row.id),
  columns: [
    { key: 'kind', title: 'kind', type: 'enum', enum: 'AppKind', priority: 'key', filter: true, sorter: true },
    { key: 'status', title: 'status', type: 'enum', enum: 'HeartbeatStatus', priority: 'key', filter: true },
    { key: 'host', title: 'host', priority: 'key', filter: true, sorter: true, copyable: true },
    { key: 'pid', title: 'pid', type: 'number' },
    { key: 'version', title: 'version', filter: true, sorter: true },
    { key: 'lastBeatAt', title: 'lastBeatAt', type: 'datetime', priority: 'key', sorter: true },
    { key: 'startedAt', title: 'startedAt', type: 'datetime', sorter: true },
    { key: 'intervalSeconds', title: 'intervalSeconds', type: 'number', priority: 'wide' },
    { key: 'beats', title: 'beats', type: 'number', priority: 'wide' },
  ],
});
