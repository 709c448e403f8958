import { api } from '../../api/client';
import type { components } from '../../api/schema';

export type Notice = components['schemas']['NoticePublic'];
export type HomeNotice = components['schemas']['HomeNotice'];
export type NoticeFlow = components['schemas']['NoticeFlow'];

/** The calls beyond the resource kit's (api/routers/notices.py). */
export const noticeApi = {
  /** SPEC §9: the 5 most recently updated published ones, in the language the console sends. */
  latest: () => api.get('/cms/notice/latest'),
  flow: (id: number) => api.get('/cms/notice/flow/{notice_id}', { params: { path: { notice_id: id } } }),
};

export const latestNoticesQuery = { queryKey: ['notice', 'latest'], queryFn: noticeApi.latest } as const;
