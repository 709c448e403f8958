import type { components } from '../../api/schema';
import { defineResource } from '../../components/resource';

type Project = components['schemas']['ProjectPublic'];
type Freeze = components['schemas']['FreezePublic'];

/** How each project is deployed (api/routers/deployments.py); its command runs on the worker's machine. */
export const projects = defineResource<Project>({
  name: 'deploy-projects',
  namespace: 'deployments',
  api: 'deploy/project',
  permission: 'auto-deploy',
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: 'code',
  columns: [
    { key: 'code', title: 'code', priority: 'key', filter: true, sorter: true, form: { required: true, max: 40, createOnly: true } },
    { key: 'name', title: 'name', priority: 'key', form: { required: true, max: 100 } },
    { key: 'autoDeploy', title: 'autoDeploy', type: 'boolean', filter: true, form: {} },
    { key: 'timeLimitMinutes', title: 'timeLimitMinutes', type: 'number', form: {} },
    { key: 'jenkinsJob', title: 'jenkinsJob', form: { max: 200 } },
    { key: 'deployCommand', title: 'deployCommand', hidden: true, form: { max: 4000 } },
    { key: 'updatedAt', title: 'common.updatedAt', type: 'datetime', sorter: true },
  ],
});

/** Windows in which no run starts in an environment unless an override holder says so. */
export const freezes = defineResource<Freeze>({
  name: 'deploy-freezes',
  namespace: 'deployments',
  entity: 'freezeEntity',
  api: 'deploy/freeze',
  permission: 'auto-deploy',
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: '-startsAt',
  columns: [
    { key: 'environment', title: 'environment', type: 'enum', enum: 'DeployEnvironment', priority: 'key', filter: { multiple: true }, form: { required: true } },
    { key: 'startsAt', title: 'startsAt', type: 'datetime', sorter: true, form: { required: true } },
    { key: 'endsAt', title: 'endsAt', type: 'datetime', sorter: true, form: { required: true } },
    { key: 'reason', title: 'reason', form: { required: true, max: 200 } },
  ],
});
