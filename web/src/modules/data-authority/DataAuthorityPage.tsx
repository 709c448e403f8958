import { useState } from 'react';
import { Empty, Flex, Tabs } from 'antd';
import { useTranslate } from '../../i18n';
import { PageCard } from '../../components/PageCard';
import { RoleSelect } from '../roles/RoleSelect';
import { UserSelect } from '../users/UserSelect';
import { pickedId } from '../users/pickedIds';
import type { Subject } from './api';
import { ScopesPanel } from './ScopesPanel';

function SubjectTab({ kind }: { kind: Subject['kind'] }) {
  const t = useTranslate(['data-authority']);
  const [id, setId] = useState<number>();
  const label = t(kind === 'role' ? 'pickRole' : 'pickUser');
  const pick = (value: unknown) => setId(pickedId(value));
  return (
    <Flex vertical gap={16}>
      <div style={{ maxWidth: 360 }}>{kind === 'role' ? <RoleSelect label={label} value={id} onChange={pick} /> : <UserSelect label={label} value={id} onChange={pick} />}</div>
      {id === undefined ? <Empty description={label} /> : <ScopesPanel subject={{ kind, id }} />}
    </Flex>
  );
}

/** SPEC §6 data authority: the rows a role or user sees, by country, team, department or ownership. */
export default function DataAuthorityPage() {
  const t = useTranslate(['data-authority']);
  return (
    <PageCard testId="data-authority-page">
      <Tabs
        items={[
          { key: 'role', label: t('byRole'), children: <SubjectTab kind="role" /> },
          { key: 'user', label: t('byUser'), children: <SubjectTab kind="user" /> },
        ]}
      />
    </PageCard>
  );
}
