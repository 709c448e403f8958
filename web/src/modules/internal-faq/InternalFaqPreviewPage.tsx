import { Collapse, Empty, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { HtmlView } from '../../components/RichText';
import { internalFaqApi } from './api';
import { useTranslate } from '../../i18n';

/** The internal FAQ as staff read it: topping entries first, then the online ones, newest first. */
export default function InternalFaqPreviewPage() {
  const t = useTranslate(['internal-faq']);
  const { data = [], isLoading } = useQuery({ queryKey: ['internal-faq', 'preview'], queryFn: internalFaqApi.preview });
  if (isLoading) return null;
  if (!data.length) return <Empty description={t('empty')} />;
  return (
    <Collapse
      data-testid="internal-faq-preview"
      items={data.map((faq) => ({
        key: faq.id,
        label: (
          <>
            {faq.state === 'TOPPING' && <Tag color="gold">{t('topping')}</Tag>}
            {faq.question}
          </>
        ),
        extra: faq.category,
        children: <HtmlView html={faq.answer} />,
      }))}
    />
  );
}
