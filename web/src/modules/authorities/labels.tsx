import { Tag, Typography } from 'antd';
import type { AuthorityNode } from './api';

/** The authority's description in the user's language (SPEC §3: EN, ZH, ID), its title otherwise. */
export function authorityName(node: Pick<AuthorityNode, 'title' | 'descriptionEn' | 'descriptionZh' | 'descriptionId'>, language: string): string {
  const byLanguage: Record<string, string> = { en: node.descriptionEn, 'zh-CN': node.descriptionZh, id: node.descriptionId };
  return byLanguage[language] || node.title;
}

const TYPE_COLOURS = { DIRECTORY: 'gold', MENU: 'blue', BUTTON: 'default' } as const;

/** One line of the tree: type, name and identifier. */
export function AuthorityLabel({ node, language, typeLabel }: { node: AuthorityNode; language: string; typeLabel: string }) {
  return (
    <span>
      <Tag color={TYPE_COLOURS[node.menuType]}>{typeLabel}</Tag>
      {authorityName(node, language)}{' '}
      <Typography.Text type="secondary" code>
        {node.identifier}
      </Typography.Text>
    </span>
  );
}
