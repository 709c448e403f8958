import { errorsOf } from '../../components/resource/fieldErrors';

export type NamePath = (string | number)[];

/** `countries[1].amount` -> `['countries', 1, 'amount']`: where a refusal sits in a form with a list. */
export function namePathOf(field: string): NamePath {
  return field.split('.').flatMap((part) => {
    const match = /^(\w+)\[(\d+)\]$/.exec(part);
    return match ? [match[1]!, Number(match[2])] : [part];
  });
}

/** The server's field errors as form fields; the rest stay for a notification. */
export function formErrorsOf(error: unknown, known: (path: NamePath) => boolean) {
  const fields: { name: NamePath; errors: string[] }[] = [];
  let unplaced = false;
  for (const item of errorsOf(error)) {
    const name = namePathOf(item.field);
    if (known(name)) fields.push({ name, errors: [item.message] });
    else unplaced = true;
  }
  return { fields, unplaced: unplaced || fields.length === 0 };
}
