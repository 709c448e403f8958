import { Button } from 'antd';
import { askConfirm, ConfirmButton, type ConfirmFact } from '../../components/ConfirmAction';
import { useTranslate } from '../../i18n';
import { deployApi, type DeployTask } from './api';

/**
 * Deploy an approved task, or roll its project's environment back to the previous good version: each asks first,
 * naming the project, the version and the environment (a rollback: the version in place and the one it puts back,
 * as the server would choose them).
 */
export function DeployButtons({ task, override, done }: { task: DeployTask; override: string; done: () => void }) {
  const t = useTranslate(['deployments']);
  const environment = t(`environments.${task.environment}` as never);
  const facts = (version: string): ConfirmFact[] => [
    { label: t('project'), value: task.projectCode },
    { label: t('version'), value: version },
    { label: t('environment'), value: environment },
  ];
  const rollback = async () => {
    const target = await deployApi.rollbackTarget(task.projectId, task.environment);
    await askConfirm({
      question: t('confirm.rollback', { project: target.projectCode, environment, version: target.targetVersion }),
      facts: facts(t('rollbackVersions', { from: target.currentVersion, to: target.targetVersion })),
      danger: true,
      onOk: async () => {
        await deployApi.rollback(task.projectId, task.environment);
        done();
      },
    }, t);
  };
  return (
    <>
      {task.status === 'APPROVED' && (
        <ConfirmButton
          type="primary"
          data-testid="deploy-button"
          question={t('confirm.deploy', { project: task.projectCode, version: task.version, environment })}
          facts={[...facts(task.version), { label: t('serverIps'), value: task.serverIps.join(', ') }]}
          onConfirm={async () => {
            await deployApi.deploy(task.id, override || undefined);
            done();
          }}
        >
          {t('deploy')}
        </ConfirmButton>
      )}
      <Button data-testid="rollback-button" onClick={() => void rollback().catch(() => undefined)}>{t('rollback')}</Button>
    </>
  );
}
