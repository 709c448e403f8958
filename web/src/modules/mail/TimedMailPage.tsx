import { useMemo } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslate } from '../../i18n';
import { useCan } from '../../app/access/can';
import { ResourcePage, type Resource } from '../../components/resource';
import { toast } from '../../components/feedback';
import { CREATE_PATH, editPath, HISTORY_PATH, mailApi, type MailTask } from './api';
import { timedMails } from './resources';

/** SPEC §2 timed mail: the tasks, with edit, pause, recover, send again, their history and their schedule. */
export default function TimedMailPage() {
  const t = useTranslate(['mail', 'resource']);
  const navigate = useNavigate();
  const can = useCan();
  const resource: Resource<MailTask> = useMemo(() => {
    const operate = (key: 'pause' | 'recover' | 'sendAgain', when: (task: MailTask) => boolean) => ({
      key,
      label: `actions.${key}`,
      permission: 'mail#send',
      confirm: `actions.${key}Confirm`,
      when,
      run: async (task: MailTask, context: { reload: () => void }) => {
        await mailApi[key](task.id);
        toast.success(t(`actions.${key}Done`));
        context.reload();
      },
    });
    return {
      ...timedMails,
      rowActions: [
        { key: 'modify', label: 'actions.edit', permission: 'mail#edit', opens: (task: MailTask) => editPath(task.id), run: (task: MailTask) => navigate(editPath(task.id)) },
        operate('pause', (task) => task.status === 'IN_USE'),
        operate('recover', (task) => task.status === 'PAUSED'),
        operate('sendAgain', (task) => task.status === 'IN_USE'),
        { key: 'history', label: 'actions.history', permission: 'mail-history', opens: (task: MailTask) => `${HISTORY_PATH}?taskId=${task.id}`, run: (task: MailTask) => navigate(`${HISTORY_PATH}?taskId=${task.id}`) },
        {
          key: 'schedule',
          label: 'actions.schedule',
          when: (task: MailTask) => Boolean(task.scheduleUrl),
          run: (task: MailTask) => window.open(task.scheduleUrl ?? '', '_blank', 'noopener'),
        },
      ],
    };
  }, [navigate, t]);
  const create = can('mail#add') && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(CREATE_PATH)}>
      {t('actions.create')}
    </Button>
  );
  return <ResourcePage resource={resource} extra={create || undefined} />;
}
