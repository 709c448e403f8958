import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ResourcePage, type Resource } from '../../components/resource';
import { toast } from '../../components/feedback';
import { useTranslate } from '../../i18n';
import { jobsApi, type JobRecord } from './api';
import { jobRecords } from './resources';

/**
 * SPEC §2 /system/task/log: every run of a scheduled task; operators open a run in the Temporal Web UI, and a
 * failed record not yet retried is run again with its parameters (asked first; the new record names it).
 */
export default function JobRecordsPage() {
  const t = useTranslate(['jobs']);
  const { data: links } = useQuery({ queryKey: ['job-record', 'links'], queryFn: jobsApi.links, staleTime: 300_000 });
  const resource: Resource<JobRecord> = useMemo(() => ({
    ...jobRecords,
    rowActions: [{
      key: 'retry',
      label: 'actions.retry',
      permission: 'job-record#retry',
      confirm: 'retryConfirm',
      when: (record: JobRecord) => record.result === 'FAILED' && record.retriedBy == null,
      run: async (record: JobRecord, context) => {
        try {
          await jobsApi.retry(record.id);
          toast.success(t('retryStarted'));
        } finally {
          context.reload();
        }
      },
    }, {
      key: 'temporal',
      label: 'actions.temporal',
      when: () => Boolean(links?.workflows),
      run: (record: JobRecord) => window.open(`${links?.workflows ?? ''}${encodeURIComponent(record.workflowId)}`, '_blank', 'noopener'),
    }],
  }), [links, t]);
  return <ResourcePage resource={resource} />;
}
