import { useState } from 'react';
import { Form, Input, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslate } from '../../i18n';
import { ApiError } from '../../api/ApiError';
import { toast } from '../../components/feedback';
import { dayApi, type CalendarDay } from './api';
import { DAY_FORMAT, dayChange, suggestedKind, type DayChoice } from './days';

/** Marks one day as a holiday or a make-up working day, renames it, or unmarks it. */
export function DayEditor({ calendarId, date, current, onClose, onSaved }: {
  calendarId: number;
  date: Dayjs;
  current: CalendarDay | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useTranslate(['calendars', 'resource']);
  const [choice, setChoice] = useState<DayChoice>({ kind: current?.kind ?? suggestedKind(date), name: current?.name ?? '' });
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();

  const save = async () => {
    const change = dayChange(current, choice);
    setSaving(true);
    setProblem(undefined);
    try {
      if (change.action === 'add') await dayApi.add({ calendarId, day: date.format(DAY_FORMAT), kind: change.kind, name: change.name });
      if (change.action === 'modify') await dayApi.modify({ id: change.id, kind: change.kind, name: change.name });
      if (change.action === 'remove') await dayApi.remove(change.id);
      if (change.action !== 'none') toast.success(t('resource.saved'));
      onSaved();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('editDay', { day: date.format(DAY_FORMAT) })} okText={t('resource.save')} confirmLoading={saving} onOk={save} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('kind')}>
          <Radio.Group
            aria-label={t('kind')}
            value={choice.kind}
            onChange={(event) => setChoice({ ...choice, kind: event.target.value })}
            options={[
              { value: 'HOLIDAY', label: t('kinds.HOLIDAY') },
              { value: 'WORKDAY', label: t('kinds.WORKDAY') },
              { value: 'NONE', label: t('kinds.NONE') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('dayName')} validateStatus={problem ? 'error' : undefined} help={problem}>
          <Input
            aria-label={t('dayName')}
            maxLength={128}
            disabled={choice.kind === 'NONE'}
            value={choice.name}
            onChange={(event) => setChoice({ ...choice, name: event.target.value })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
