import { Tabs } from 'antd';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { freezes, projects } from './resources';

/** /system/audit/deploy/auto-deploy: projects (auto deploy on approval, command, Jenkins job) and freeze windows. */
export default function AutoDeployPage() {
  const t = useTranslate(['deployments']);
  return <Tabs items={[
    { key: 'projects', label: t('projectsTab'), children: <ResourcePage resource={projects} /> },
    { key: 'freezes', label: t('freezesTab'), children: <ResourcePage resource={freezes} /> },
  ]} />;
}
