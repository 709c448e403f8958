import { Tag } from 'antd';
import { enumLabel, useEnumOptions } from '../../../components/resource/enums';
import { useTranslate } from '../../../i18n';

const LEVEL_COLORS: Record<string, string> = { P0: 'red', P1: 'volcano', P2: 'orange', P3: 'blue', P4: 'default' };

const STATUS_COLORS: Record<string, string> = {
  NEW: 'blue',
  PENDING_FOR_OPERATION: 'cyan',
  WORK_IN_PROCESS: 'processing',
  PENDING: 'warning',
  RESOLVED: 'geekblue',
  PENDING_FOR_CONFIRMATION: 'purple',
  CLOSED: 'success',
  WONT_FIX: 'default',
  MERGED: 'default',
};

export function LevelTag({ level }: { level: string }) {
  return (
    <Tag color={LEVEL_COLORS[level] ?? 'default'} data-testid="ticket-level">
      {level}
    </Tag>
  );
}

/** The status in the user's language; a merged ticket says which ticket it went into. */
export function StatusTag({ status, mergedIntoId }: { status: string; mergedIntoId?: number | null }) {
  const t = useTranslate(['tickets']);
  const statuses = useEnumOptions('TicketStatus');
  const text = mergedIntoId ? t('detail.mergedInto', { id: mergedIntoId }) : enumLabel(statuses, status);
  return (
    <Tag color={STATUS_COLORS[mergedIntoId ? 'MERGED' : status] ?? 'default'} data-testid="ticket-status">
      {text}
    </Tag>
  );
}

/** A status label without a tag (the timeline's from -> to). */
export function useStatusLabel(): (status: string | null | undefined) => string {
  const statuses = useEnumOptions('TicketStatus');
  return (status) => enumLabel(statuses, status);
}
