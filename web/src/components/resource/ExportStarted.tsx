import { Alert } from 'antd';
import { Link } from 'react-router';
import type { Translate } from '../../i18n';
import type { StartedExport } from './api';

/** The export list (modules/export-tasks): where a large export's file is downloaded once written. */
export const EXPORT_TASKS_PATH = '/export-tasks';

/** A large export became a task: 'processing, please wait', with the way to the export list. */
export function ExportStarted({ task, t, onClose }: { task: StartedExport; t: Translate; onClose: () => void }) {
  return (
    <Alert
      type="info"
      showIcon
      closable={{ onClose }}
      data-testid="export-started"
      style={{ marginBottom: 12 }}
      title={t('resource.exportStarted', { file: task.filename })}
      action={<Link to={EXPORT_TASKS_PATH}>{t('resource.exportTasks')}</Link>}
    />
  );
}
