import { Button, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from '../../i18n';
import { deployApi, streamLog } from './api';
import { LineBuffer, lineHtml } from './logLines';

const LINE_HEIGHT = 18;
// Lines rendered above and below the view, so a quick scroll shows no gap.
const OVERSCAN = 12;

/**
 * A run's log: the tail first (the last chunks), the live part streamed as server-sent events, earlier chunks
 * on demand. Only the lines in view are in the page (a virtualised list), so a 30 MB log stays smooth; colours
 * come from the ANSI codes. Chunks that arrive together are shown together, once a frame: a fast log costs
 * one render a frame, not one a chunk. Lines never wrap and all have one height, so which of them are in view
 * is plain arithmetic on the scroll offset, whatever the length of the log.
 */
export function LogViewer({ runId, height = 480 }: { runId: number; height?: number }) {
  const t = useTranslate(['deployments']);
  const [buffer, setBuffer] = useState(() => new LineBuffer());
  const [, setVersion] = useState(0);
  const [first, setFirst] = useState(0);
  const [ended, setEnded] = useState(false);
  const [follow, setFollow] = useState(true);
  const parent = useRef<HTMLDivElement>(null);
  const lines = buffer.lines;
  const [scrollTop, setScrollTop] = useState(0);
  const from = Math.max(0, Math.floor(scrollTop / LINE_HEIGHT) - OVERSCAN);
  const to = Math.min(lines.length, Math.ceil((scrollTop + height) / LINE_HEIGHT) + OVERSCAN);

  useEffect(() => {
    const fresh = new LineBuffer();
    let stop = () => {};
    let cancelled = false;
    let frame = 0;
    const show = () => {
      frame = 0;
      setVersion(fresh.version);
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(show);
    };
    setBuffer(fresh);
    setEnded(false);
    void deployApi.log(runId).then((page) => {
      if (cancelled) return;
      fresh.append(page.chunks.map((c) => c.text).join(''));
      setFirst(page.chunks[0]?.seq ?? 0);
      show();
      const after = page.chunks.at(-1)?.seq ?? 0;
      stop = streamLog(runId, after, (_, text) => {
        fresh.append(text);
        later();
      }, () => {
        fresh.finish();
        show();
        setEnded(true);
      });
    });
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      stop();
    };
  }, [runId]);

  useEffect(() => {
    if (follow && parent.current) parent.current.scrollTop = parent.current.scrollHeight;
  }, [follow, lines.length]);

  const earlier = async () => {
    const page = await deployApi.log(runId, first);
    if (!page.chunks.length) return;
    buffer.prepend(page.chunks.map((c) => c.text).join(''));
    setVersion(buffer.version);
    setFirst(page.chunks[0]!.seq);
    setFollow(false);
  };

  return (
    <div data-testid="deploy-log">
      <Space wrap style={{ marginBottom: 8 }}>
        <Button size="small" disabled={first <= 1} onClick={() => void earlier()}>{t('log.earlier')}</Button>
        <Button size="small" onClick={() => setFollow((value) => !value)}>{follow ? t('log.pause') : t('log.follow')}</Button>
        <Button size="small" href={`/cms/deploy/run/${runId}/log/download`}>{t('log.download')}</Button>
        <Tag color={ended ? 'default' : 'processing'} data-testid="deploy-log-state">{ended ? t('log.ended') : t('log.live')}</Tag>
        <span>{t('log.lines', { count: lines.length })}</span>
      </Space>
      <div ref={parent} onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
        style={{ height, overflow: 'auto', background: '#141414', color: '#d9d9d9', fontFamily: 'monospace', fontSize: 12 }}>
        <div style={{ height: lines.length * LINE_HEIGHT, position: 'relative' }}>
          {lines.slice(from, to).map((line, offset) => (
            <div key={from + offset} data-testid="deploy-log-line" style={{ position: 'absolute', top: 0, transform: `translateY(${(from + offset) * LINE_HEIGHT}px)`, height: LINE_HEIGHT, whiteSpace: 'pre', padding: '0 8px' }}
              // ansi-to-html escapes the text itself (escapeXML); only its colour spans are markup
              dangerouslySetInnerHTML={{ __html: lineHtml(line) }} />
          ))}
        </div>
      </div>
    </div>
  );
}
