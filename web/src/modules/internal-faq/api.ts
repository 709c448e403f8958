import { http } from '../../api/http';
import type { InternalFaq } from './resource';

/** What staff read: online entries, the topping ones first (api/routers/internal_faq.py). */
export const internalFaqApi = {
  preview: () => http.get<InternalFaq[]>('internal-faq/preview'),
};
