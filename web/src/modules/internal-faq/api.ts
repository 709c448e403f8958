import { api } from '../../api/client';

/** What staff read: online entries, the topping ones first (api/routers/internal_faq.py). */
export const internalFaqApi = {
  preview: () => api.get('/cms/internal-faq/preview'),
};
