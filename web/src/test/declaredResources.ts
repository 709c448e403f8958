import type { Resource } from '../components/resource/types';

function isResource(value: unknown): value is Resource {
  return typeof value === 'object' && value !== null && 'api' in value && 'columns' in value && 'actions' in value;
}

const modules = import.meta.glob<Record<string, unknown>>(['../modules/**/*.{ts,tsx}', '!**/*.test.*', '!**/*.spec.*'], {
  eager: true,
});

/** Every resource the modules export, named by its file and export (`../modules/couriers/resource.ts default`),
 *  for the tests that walk all of them. */
export const declaredResources = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, Resource] => isResource(entry[1]))
    .map(([name, resource]) => [`${file} ${name}`, resource] as const),
);
