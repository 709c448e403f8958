import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './stack';

const PYTHON = join(REPO_ROOT, '.venv', 'bin', 'python');

const WRITE_XLSX = `
import json, sys
from openpyxl import Workbook
rows = json.loads(sys.argv[2])
book = Workbook()
sheet = book.active
for row in rows:
    sheet.append(row)
book.save(sys.argv[1])
`;

/** Writes an xlsx file with the given rows (the first one the headers), through the project's Python. */
export function writeXlsx(path: string, rows: (string | number | null)[][]): void {
  if (!existsSync(PYTHON)) throw new Error(`${PYTHON} is needed to write spreadsheets for the import test`);
  execFileSync(PYTHON, ['-c', WRITE_XLSX, path, JSON.stringify(rows)]);
}
