import { ResourcePage } from '../../components/resource';
import { exportTasks } from './resources';

/** Exports (docs/exports.md): large exports written in the background, their progress, download and expiry. */
export default function ExportTasksPage() {
  return <ResourcePage resource={exportTasks} />;
}
