/** SPEC §5 / §9: imports are xls or xlsx files under 5 MB. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_ACCEPT = '.xls,.xlsx';

export type ImportFileProblem = 'type' | 'size' | 'empty';

/** Why a chosen file cannot be imported, checked before it is sent (the server checks again). */
export function importFileProblem(file: { name: string; size: number }): ImportFileProblem | undefined {
  if (!/\.(xlsx?|XLSX?)$/.test(file.name)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size >= IMPORT_MAX_BYTES) return 'size';
  return undefined;
}
