import { Card, Flex, Statistic, Tooltip } from 'antd';
import { useTranslate } from '../../i18n';
import type { TicketDashboard } from './api';

type Summary = TicketDashboard['summary'];
const RATES = ['closedRate', 'resolveRate', 'slaRate'] as const;
const COUNTS = ['created', 'open', 'resolved', 'confirming', 'closed', 'wontFix', 'qualified', 'breached', 'merged'] as const;

const tile = { flex: '1 1 120px' };

/** The period's figures, and the three rates the server computed (SPEC §4; merged tickets left out). */
export function SummaryFigures({ summary }: { summary: Summary }) {
  const t = useTranslate(['ticket-reports']);
  return (
    <Flex vertical gap={12}>
      <Flex gap={12} wrap>
        {RATES.map((key) => (
          <Card key={key} size="small" style={{ flex: '1 1 200px' }} data-testid={`figure-${key}`}>
            <Tooltip title={t(`${key}Hint`)}>
              <Statistic title={t(key)} value={summary[key]} suffix="%" />
            </Tooltip>
          </Card>
        ))}
      </Flex>
      <Flex gap={12} wrap>
        {COUNTS.map((key) => (
          <Card key={key} size="small" style={tile} data-testid={`figure-${key}`}>
            <Statistic title={t(key)} value={summary[key]} />
          </Card>
        ))}
      </Flex>
    </Flex>
  );
}
