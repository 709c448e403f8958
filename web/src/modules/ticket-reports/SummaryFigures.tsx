import { Card, Flex, Statistic, Tooltip } from 'antd';
import { useTranslate } from '../../i18n';
import type { TicketDashboard } from './api';

type Summary = TicketDashboard['summary'];
const RATES = ['closedRate', 'resolveRate', 'slaRate'] as const;
const COUNTS = ['created', 'open', 'resolved', 'confirming', 'closed', 'wontFix', 'qualified', 'breached', 'merged'] as const;

// A grid, so a short last row keeps the tiles' width.
const tiles = { display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))' };

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
      <div style={tiles}>
        {COUNTS.map((key) => (
          <Card key={key} size="small" data-testid={`figure-${key}`}>
            <Statistic title={t(key)} value={summary[key]} />
          </Card>
        ))}
      </div>
    </Flex>
  );
}
