import type { components } from '../../api/schema';
import { referenceSearch } from '../../components/ReferenceSelect';

type FaqOption = components['schemas']['FaqOption'];

/** The picker of an FAQ, searched by its title. */
export const FaqInput = referenceSearch<FaqOption>({ api: '/cms/notice/options', name: (faq) => `${faq.title} (${faq.language})` });
