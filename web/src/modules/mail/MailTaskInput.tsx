import type { components } from '../../api/schema';
import { referenceSearch } from '../../components/ReferenceSelect';

type MailTaskOption = components['schemas']['MailTaskOption'];

/** The picker of a timed mail, searched by its subject. */
export const MailTaskInput = referenceSearch<MailTaskOption>({ api: '/cms/mail/options', name: (mail) => `#${mail.id} ${mail.subject}` });
