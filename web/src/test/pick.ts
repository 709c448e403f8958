import { fireEvent, screen, waitFor, within } from '@testing-library/react';

/** Opens the select labelled `label` and returns its own dropdown: the one holding the list its combobox
 * controls. Not "the last dropdown on the page": test files share the page, and an earlier select's dropdown
 * (closing, or an option's text met twice) may come later in it. */
export async function dropdownOf(label: string): Promise<HTMLElement> {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  return waitFor(() => {
    // the select as it is now: a dependent picker is drawn again when its parent's options arrive, closed
    const box = screen.getByRole('combobox', { name: label });
    const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
    const dropdown = list?.closest<HTMLElement>('.ant-select-dropdown');
    if (!dropdown || box.getAttribute('aria-expanded') !== 'true') {
      if (box.getAttribute('aria-expanded') !== 'true') fireEvent.mouseDown(box);
      throw new Error(`no open dropdown for ${label}`);
    }
    return dropdown;
  });
}

/** Picks `option` (a part of its text) in the select labelled `label`; returns that select's dropdown. */
export async function pick(label: string, option: string): Promise<HTMLElement> {
  const dropdown = await dropdownOf(label);
  const options = await within(dropdown).findAllByText(option, { exact: false });
  fireEvent.click(options.at(-1)!);
  return dropdown;
}
