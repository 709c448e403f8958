import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Popover } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { titleIn } from '../../app/menuEntries';
import { debounce } from '../../components/timing';
import { toast } from '../../components/feedback';
import { useEntriesByIdentifier } from '../useMenuEntries';
import { recentPagesQuery, saveSubscriptions, SUBSCRIBE_DEBOUNCE_MS, type RecentPage } from './recentPagesApi';

export function usePageTitle(): (page: RecentPage) => string {
  const { i18n } = useTranslation();
  const entries = useEntriesByIdentifier();
  return (page) => titleIn(entries.get(page.name)?.titles, i18n.language) || page.name;
}

// The panel (and Ant Design's Checkbox with the form code under it) loads when the popover first opens.
const SubscribePanel = lazy(() => import('./SubscribePanel'));

const NO_PAGES: RecentPage[] = [];

/** SPEC §2: recently visited page tags (the subscribed ones) with a plus popover to choose them. */
export function RecentPages() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const titleOf = usePageTitle();
  const entries = useEntriesByIdentifier();
  const { data: pages = NO_PAGES } = useQuery(recentPagesQuery);
  const known = pages.filter((page) => entries.has(page.name));
  const [chosen, setChosen] = useState<string[]>([]);
  const saving = useRef(false);
  useEffect(() => {
    if (!saving.current) setChosen(pages.filter((page) => page.subscription).map((page) => page.accessURL));
  }, [pages]);

  const save = useMemo(
    () =>
      debounce((urls: string[], from: RecentPage[]) => {
        void saveSubscriptions(urls.map((url) => from.find((page) => page.accessURL === url) ?? { name: '', accessURL: url }))
          .then(() => toast.success(t('recent.saved')))
          .finally(() => {
            saving.current = false;
            void queryClient.invalidateQueries({ queryKey: recentPagesQuery.queryKey });
          });
      }, SUBSCRIBE_DEBOUNCE_MS),
    [queryClient, t],
  );
  useEffect(() => () => save.flush(), [save]);

  const subscribed = known.filter((page) => page.subscription);
  return (
    <Flex align="center" gap={4} style={{ minWidth: 0, overflow: 'hidden' }} data-testid="recent-pages">
      {subscribed.map((page) => (
        <Button key={page.accessURL} size="small" color="primary" variant="filled" onClick={() => navigate(page.accessURL)}>
          {titleOf(page)}
        </Button>
      ))}
      <Popover
        trigger="click"
        placement="bottomLeft"
        title={t('recent.title')}
        onOpenChange={(open) => open && void queryClient.invalidateQueries({ queryKey: recentPagesQuery.queryKey })}
        content={
          <Suspense>
            <SubscribePanel
              pages={known}
              chosen={chosen}
              onChange={(next) => {
                saving.current = true;
                setChosen(next);
                save(next, known);
              }}
            />
          </Suspense>
        }
      >
        <Button size="small" type="dashed" icon={<PlusOutlined />} aria-label={t('recent.title')} />
      </Popover>
    </Flex>
  );
}
