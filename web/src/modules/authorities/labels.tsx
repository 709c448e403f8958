import { Tag, Tooltip, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import type { AuthorityNode } from './api';
import { isSensitive } from './sensitive';

/** The authority's description in the user's language (SPEC §3: EN, ZH, ID), its title otherwise. */
export function authorityName(node: Pick<AuthorityNode, 'title' | 'descriptionEn' | 'descriptionZh' | 'descriptionId'>, language: string): string {
  const byLanguage: Record<string, string> = { en: node.descriptionEn, 'zh-CN': node.descriptionZh, id: node.descriptionId };
  return byLanguage[language] || node.title;
}

const TYPE_COLOURS = { DIRECTORY: 'gold', MENU: 'blue', BUTTON: 'default' } as const;

interface LabelProps {
  node: AuthorityNode;
  language: string;
  typeLabel: string;
  /** The flag of a sensitive action button (its word and why), where the tree grants permissions. */
  sensitive?: { tag: string; hint: string };
}

/** One line of the tree: type, name and identifier; a sensitive action button is flagged. */
export function AuthorityLabel({ node, language, typeLabel, sensitive }: LabelProps) {
  const flagged = sensitive && node.menuType === 'BUTTON' && isSensitive(node.identifier) ? sensitive : undefined;
  return (
    <span data-sensitive={flagged ? true : undefined}>
      <Tag color={TYPE_COLOURS[node.menuType]}>{typeLabel}</Tag>
      {authorityName(node, language)}{' '}
      <Typography.Text type="secondary" code>
        {node.identifier}
      </Typography.Text>
      {flagged && (
        <Tooltip title={flagged.hint}>
          <Tag color="red" icon={<WarningOutlined aria-hidden />} style={{ marginInlineStart: 8 }}>
            {flagged.tag}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}
