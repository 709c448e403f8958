import { Card, Descriptions, Flex, Space, Tag } from 'antd';
import { useTranslate } from '../../i18n';
import { PageCard } from '../../components/PageCard';
import { useUserInfo } from '../../app/access/session';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TimeZoneForm } from './TimeZoneForm';
import { formatTime } from '../../components/format/time';

/** SPEC §2 profile center: who I am, my roles and data scope, my time zone, and changing my password. */
export default function ProfilePage() {
  const t = useTranslate(['profile', 'users']);
  const user = useUserInfo();
  if (!user) return null;
  const scope = user.dataScopes;
  const scopeText = scope.unrestricted
    ? t('scope.all')
    : [scope.countries?.join(', '), scope.teams?.join(', '), scope.own && t('scope.own'), scope.department && t('scope.department')].filter(Boolean).join(' · ');
  return (
    <Flex vertical gap={16} data-testid="profile-page">
      <PageCard>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          <Descriptions.Item label={t('username')}>{user.username}</Descriptions.Item>
          <Descriptions.Item label={t('realName')}>{user.realName}</Descriptions.Item>
          <Descriptions.Item label={t('displayName')}>{user.displayName}</Descriptions.Item>
          <Descriptions.Item label={t('email')}>{user.email}</Descriptions.Item>
          <Descriptions.Item label={t('mobile')}>{user.mobile}</Descriptions.Item>
          <Descriptions.Item label={t('department')}>{user.department?.name}</Descriptions.Item>
          <Descriptions.Item label={t('roles')}>
            <Space size={4} wrap>
              {user.roles.map((role) => (
                <Tag key={role.id}>{role.name}</Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('scope.title')}>{scopeText}</Descriptions.Item>
          <Descriptions.Item label={t('lastLoginAt')}>{formatTime(user.lastLoginAt)}</Descriptions.Item>
        </Descriptions>
      </PageCard>
      <Card title={t('zone.title')}>
        <TimeZoneForm timeZone={user.timeZone} />
      </Card>
      <Card title={t('password.title')}>
        <ChangePasswordForm />
      </Card>
    </Flex>
  );
}
