import { useState } from 'react';
import { Card, Empty, Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTranslate } from '../../i18n';
import { titleIn } from '../../app/menuEntries';
import { usePageInfo } from '../../layout/keepAlive/PageContext';
import { RoleSelect } from '../roles/RoleSelect';
import { UserSelect } from '../users/UserSelect';
import type { Subject } from './api';
import { ScopesPanel } from './ScopesPanel';

function SubjectTab({ kind }: { kind: Subject['kind'] }) {
  const t = useTranslate(['data-authority']);
  const [id, setId] = useState<number>();
  const label = t(kind === 'role' ? 'pickRole' : 'pickUser');
  const pick = (value: unknown) => setId(value === null || value === undefined ? undefined : Number(value));
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
  const { i18n } = useTranslation();
  const { menu } = usePageInfo();
  return (
    <Card title={titleIn(menu?.titles, i18n.language)} data-testid="data-authority-page">
      <Tabs
        items={[
          { key: 'role', label: t('byRole'), children: <SubjectTab kind="role" /> },
          { key: 'user', label: t('byUser'), children: <SubjectTab kind="user" /> },
        ]}
      />
    </Card>
  );
}
