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

const READ_XLSX = `
import io, json, sys
from openpyxl import load_workbook
# Downloads are saved without an extension, which openpyxl refuses as a path.
rows = load_workbook(io.BytesIO(open(sys.argv[1], "rb").read()), read_only=True).active.iter_rows(values_only=True)
print(json.dumps([list(row) for row in rows], default=str))
`;

/** The rows of an xlsx file (the first one the headers), read through the project's Python. */
export function readXlsx(path: string): (string | number | boolean | null)[][] {
  if (!existsSync(PYTHON)) throw new Error(`${PYTHON} is needed to read spreadsheets`);
  return JSON.parse(execFileSync(PYTHON, ['-c', READ_XLSX, path], { encoding: 'utf8' })) as (string | number | boolean | null)[][];
}
