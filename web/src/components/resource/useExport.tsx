import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { DownloadedFile } from '../../api/http';
import type { Translate } from '../../i18n';
import { saveFile, type StartedExport } from './api';
import { ExportStarted } from './ExportStarted';

/**
 * A list's Export button: the file is saved at once, or, past the server's threshold, the export task it became is
 * announced ('processing, please wait', with the way to the export list). The kit's lists and the lists written by
 * hand (the audit log, tickets) share it.
 */
export function useExport(run: () => Promise<DownloadedFile | StartedExport>, t: Translate) {
  const [started, setStarted] = useState<StartedExport>();
  const exporting = useMutation({
    mutationFn: run,
    onSuccess: (file) => {
      if (file instanceof DownloadedFile) saveFile(file.blob, file.filename);
      else setStarted(file);
    },
  });
  const notice = started ? <ExportStarted task={started} t={t} onClose={() => setStarted(undefined)} /> : null;
  return { exporting, notice };
}
