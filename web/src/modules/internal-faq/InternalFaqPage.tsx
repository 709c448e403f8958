import { Button } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { Can } from '../../app/access/can';
import { ResourcePage } from '../../components/resource';
import internalFaq from './resource';
import { useTranslate } from '../../i18n';

export const PREVIEW_PATH = '/operation/internal-faq/preview';

/** The modify screen: every entry with its state, and a way to the preview staff read. */
export default function InternalFaqPage() {
  const t = useTranslate(['internal-faq']);
  return (
    <>
      <Can permission="internal-faq-preview">
        <Link to={PREVIEW_PATH}>
          <Button icon={<EyeOutlined />} style={{ marginBottom: 12 }}>
            {t('preview')}
          </Button>
        </Link>
      </Can>
      <ResourcePage resource={internalFaq} />
    </>
  );
}
