import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ResourcePage, type Resource } from '../../components/resource';
import { jobsApi, type JobRecord } from './api';
import { jobRecords } from './resources';

/** SPEC §2 /system/task/log: every run of a scheduled task; operators open a run in the Temporal Web UI. */
export default function JobRecordsPage() {
  const { data: links } = useQuery({ queryKey: ['job-record', 'links'], queryFn: jobsApi.links, staleTime: 300_000 });
  const resource: Resource<JobRecord> = useMemo(() => ({
    ...jobRecords,
    rowActions: [{
      key: 'temporal',
      label: 'actions.temporal',
      when: () => Boolean(links?.workflows),
      run: (record: JobRecord) => window.open(`${links?.workflows ?? ''}${encodeURIComponent(record.workflowId)}`, '_blank', 'noopener'),
    }],
  }), [links]);
  return <ResourcePage resource={resource} />;
}
