import { useMemo } from 'react';
import { Button, Modal } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { notifyFailure } from '../../api/notifier';
import { Can } from '../../app/access/can';
import { toast } from '../../components/feedback';
import { ResourcePage } from '../../components/resource';
import { useTranslate } from '../../i18n';
import { packagesApi, type PackageKind } from './api';
import { createPath, editPath, permissionEditPath, permissionViewPath } from './paths';
import { packageResource } from './resource';

/** ERP, menu and common packages (SPEC §2): one list each, on the resource kit, never deleted. */
function PackagesPage({ kind }: { kind: PackageKind }) {
  const t = useTranslate(['packages', 'resource']);
  const navigate = useNavigate();
  const [modal, holder] = Modal.useModal();

  const resource = useMemo(() => packageResource(kind, {
    edit: (row) => navigate(editPath(row.kind, row.id)),
    permissions: (row) => navigate(permissionEditPath(row.id)),
    view: (row) => navigate(permissionViewPath(row.id)),
    setStatus: async (row, status, reload) => {
      try {
        await packagesApi.setStatus(row.id, status);
        toast.success(t(status === 'ENABLED' ? 'enabled' : 'disabled'));
        reload();
      } catch (error) {
        if (isApiError(error) && (error.code === 'PACKAGE_NO_PERMISSION' || error.code === 'PACKAGE_NO_PLAN')) {
          // SPEC §8: "enable failed because a basic package has no permission bound (the operator is offered to go to edit)";
          // so for a basic ERP package without its plan
          void modal.confirm({
            title: t('enableFailed'),
            content: error.message,
            okText: t('goToEdit'),
            cancelText: t('common.cancel'),
            onOk: () => navigate(editPath(row.kind, row.id)),
          });
        } else if (isApiError(error)) {
          notifyFailure(error);
        }
      }
    },
  }), [kind, navigate, modal, t]);

  const extra = (
    <Can permission="package#add">
      <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate(createPath(kind))}>
        {t('newPackage')}
      </Button>
    </Can>
  );
  return (
    <>
      {holder}
      <ResourcePage resource={resource} extra={extra} />
    </>
  );
}

export function ErpPackagesPage() {
  return <PackagesPage kind="ERP" />;
}

export function MenuPackagesPage() {
  return <PackagesPage kind="MENU" />;
}

export function CommonPackagesPage() {
  return <PackagesPage kind="COMMON" />;
}
