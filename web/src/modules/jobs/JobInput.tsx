import type { components } from '../../api/schema';
import { referenceSearch } from '../../components/ReferenceSelect';

type JobOption = components['schemas']['JobOption'];

/** The picker of a scheduled task, searched by its name. */
export const JobInput = referenceSearch<JobOption>({ api: '/cms/job/options', name: (job) => `#${job.id} ${job.name}` });
