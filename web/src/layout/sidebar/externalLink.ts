/** SPEC §2: a link is external if it starts with http:, https:, mailto: or tel:. */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}
