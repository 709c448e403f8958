import { useState } from 'react';
import { Button, Drawer, Spin, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from '../../i18n';
import { toast } from '../../components/feedback';
import { useOnChange } from '../../components/useOnChange';
import { AuthorityTree } from './AuthorityTree';

/** Lists that show grants (role and user counts, usage). */
const GRANT_KEYS = ['role', 'user', 'authority'];

interface GrantDrawerProps {
  /** Who is granted: "Permissions of Sales". */
  title: string;
  /** Cache key of the holder's grants, e.g. ['role', 'authorities', 3]. */
  queryKey: readonly unknown[];
  load: (signal: AbortSignal) => Promise<{ authorityIds: number[] }>;
  save: (ids: number[]) => Promise<unknown>;
  onClose: () => void;
}

/** The permission editor of one role or one user: the authority tree, checked where granted. */
export function GrantDrawer({ title, queryKey, load, save, onClose }: GrantDrawerProps) {
  const t = useTranslate(['authorities']);
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey, queryFn: ({ signal }) => load(signal), gcTime: 0 });
  const [checked, setChecked] = useState<number[]>([]);
  useOnChange(current.data ? String(current.dataUpdatedAt) : '', () => setChecked(current.data?.authorityIds ?? []));
  const saving = useMutation({
    mutationFn: () => save(checked),
    onSuccess: () => {
      toast.success(t('grant.saved'));
      void queryClient.invalidateQueries({ predicate: (query) => GRANT_KEYS.includes(String(query.queryKey[0])) });
      onClose();
    },
  });
  return (
    <Drawer
      open
      size={640}
      title={title}
      onClose={onClose}
      data-testid="grant-drawer"
      // The tree takes whatever height the drawer has, so a tall screen shows more of it.
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8 } }}
      extra={
        <Button type="primary" loading={saving.isPending} disabled={!current.data} onClick={() => saving.mutate()}>
          {t('grant.save')}
        </Button>
      }
    >
      {current.isPending ? (
        <Spin />
      ) : (
        <>
          <Typography.Text type="secondary">
            {t('grant.count', { count: checked.length })} · {t('grant.buttonsApart')}
          </Typography.Text>
          <AuthorityTree value={checked} onChange={setChecked} fill />
        </>
      )}
    </Drawer>
  );
}
