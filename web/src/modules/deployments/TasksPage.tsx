import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useCan } from '../../app/access/can';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { deployTasks, releaseLog } from './lists';
import { TabbedLists } from './TabbedLists';

/** /system/audit/deploy/jenkins-deploy: the deploy tasks and the release log of every run, each paged on the server. */
export default function TasksPage() {
  const t = useTranslate(['deployments']);
  const can = useCan();
  const navigate = useNavigate();
  const create = can('deploy#add') && (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate('/review/created')}>{t('newTask')}</Button>
  );
  return (
    <TabbedLists items={[
      { key: 'tasks', label: t('tasksTab'), children: <ResourcePage resource={deployTasks} title={t('tasksTitle')} extra={create || undefined} /> },
      { key: 'releases', label: t('releaseLog'), children: <ResourcePage resource={releaseLog} title={t('releaseLog')} /> },
    ]} />
  );
}
