import { StrictMode, Suspense, useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { RichTextInput } from './RichTextInput';
import type { RichTextEditorProps } from './RichTextEditor';

const TIP_LINK = /^(https?:\/\/|\{host\}\/)/;

/** A form field's value as the form holds it: every change the editor reports, the last one kept. */
function Field(props: Omit<RichTextEditorProps, 'label' | 'value' | 'onChange'> & { initial?: string; changes: string[] }) {
  const { initial, changes, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextInput
        {...rest}
        label="Text"
        value={value}
        onChange={(html) => {
          changes.push(html);
          setValue(html);
        }}
      />
      <button type="button" onClick={() => setValue('<p>Loaded <em>from the record</em></p>')}>
        load
      </button>
    </>
  );
}

/** The editing area once the editor (loaded on demand) is there, and its TipTap editor. */
async function editorOf(): Promise<{ box: HTMLElement; editor: Editor }> {
  await screen.findByRole('toolbar', { name: 'Text' }, { timeout: 30_000 }); // the editor's chunk, on a busy machine
  const box = screen.getByRole('textbox', { name: 'Text' });
  return { box, editor: (box as HTMLElement & { editor: Editor }).editor };
}

// jsdom has no ResizeObserver (the text area shown while the editor loads asks for it) and lays nothing out
// (ProseMirror measures the selection to scroll it into view).
// The editor's chunk (TipTap, its image and table extensions) loaded once, before the tests that wait for it.
beforeAll(async () => {
  await import('./RichTextEditor');
}, 120_000);
beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
});
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

const last = (changes: string[]) => changes[changes.length - 1];
const count = (html: string | undefined, element: RegExp) => html?.match(element)?.length ?? 0;

describe('the rich-text editor', () => {
  it('shows the HTML it is given and reports what is written as HTML, an emptied text as nothing', async () => {
    const changes: string[] = [];
    render(<Field initial="<p>The ERP is <strong>read-only</strong></p>" changes={changes} />);
    const { box, editor } = await editorOf();
    expect(box.innerHTML).toContain('<strong>read-only</strong>');
    act(() => {
      editor.commands.focus('end');
      editor.commands.insertContent(' tonight');
    });
    expect(last(changes)).toBe('<p>The ERP is <strong>read-only tonight</strong></p>');
    act(() => {
      editor.commands.clearContent(true);
    });
    expect(last(changes)).toBe('');
  });

  it('formats the selection from its toolbar', async () => {
    const changes: string[] = [];
    render(<Field initial="<p>one two</p>" changes={changes} />);
    const { editor } = await editorOf();
    act(() => {
      editor.commands.setTextSelection({ from: 5, to: 8 });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(last(changes)).toBe('<p>one <strong>two</strong></p>');
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(last(changes)).toBe('<ul><li><p>one <strong>two</strong></p></li></ul>');
  });

  it('adds a link as its text and address, refusing an address the field does not take', async () => {
    const changes: string[] = [];
    render(<Field initial="<p>See the orders</p>" changes={changes} linkPattern={TIP_LINK} linkHint="http://… / {host}/…" />);
    const { editor } = await editorOf();
    act(() => {
      editor.commands.setTextSelection({ from: 5, to: 15 });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Link text' }).value).toBe('the orders');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Link address' }), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert link' }));
    await within(dialog).findByText('Link address: must start with http://… / {host}/…');
    expect(changes.some((html) => html.includes('javascript'))).toBe(false);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Link address' }), { target: { value: '{host}/order/list' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert link' }));
    await waitFor(() => expect(last(changes)).toContain('<a'));
    expect(last(changes)).toMatch(/^<p>See <a [^>]*href="\{host\}\/order\/list"[^>]*>the orders<\/a><\/p>$/);
  });

  it('keeps a link it cannot take out of what it loads', async () => {
    const changes: string[] = [];
    render(<Field initial='<p><a href="javascript:alert(1)">click</a> and <a href="https://help.example.com/">help</a></p>' changes={changes} />);
    const { box } = await editorOf();
    expect(box.innerHTML).not.toContain('javascript');
    expect(box.innerHTML).toContain('href="https://help.example.com/"');
  });

  it('counts the characters a reader sees against its limit', async () => {
    const changes: string[] = [];
    render(<Field initial={`<p><a href="https://help.example.com/">${'x'.repeat(300)}</a></p>`} max={300} changes={changes} />);
    const { editor } = await editorOf();
    const count = screen.getByTestId('rich-text-count');
    expect(count.textContent).toBe('300 / 300 characters as the reader sees them');
    expect(count.className).not.toContain('danger');
    act(() => {
      editor.commands.focus('end');
      editor.commands.insertContent('😀');
    });
    expect(count.textContent).toBe('301 / 300 characters as the reader sees them');
    expect(count.className).toContain('danger');
  });

  it('takes a value set from outside (an edit form loading its record) without reporting it as a change', async () => {
    const changes: string[] = [];
    render(<Field initial="" changes={changes} />);
    const { box } = await editorOf();
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(box.innerHTML).toContain('<em>from the record</em>'));
    expect(changes).toEqual([]);
  });

  it('inserts a picked image as a link to the file its upload stored, and takes no data: image', async () => {
    const changes: string[] = [];
    const uploadImage = vi.fn(async (file: File) => `https://omp.example.com/cms/common/file/7?signature=ab&name=${file.name}`);
    render(<Field initial='<p>Chart</p><img src="data:image/png;base64,iVBORw0KGgo=">' uploadImage={uploadImage} changes={changes} />);
    const { box, editor } = await editorOf();
    expect(box.innerHTML).not.toContain('data:');
    await act(() => editor.commands.focus('end'));
    const picker = document.querySelector('input[type="file"]') as HTMLInputElement;
    const image = new File([new Uint8Array([137, 80, 78, 71])], 'chart.png', { type: 'image/png' });
    fireEvent.change(picker, { target: { files: [image] } });
    await waitFor(() => expect(last(changes)).toContain('<img'));
    expect(uploadImage).toHaveBeenCalledWith(image);
    expect(last(changes)).toContain('<img src="https://omp.example.com/cms/common/file/7?signature=ab&amp;name=chart.png" alt="chart.png">');
    expect(last(changes)).not.toContain('data:');
  });

  it('inserts a table with a header row, grows it and deletes it', async () => {
    const changes: string[] = [];
    render(<Field initial="<p>Figures</p>" tables changes={changes} />);
    const { editor } = await editorOf();
    await act(() => editor.commands.focus('end'));
    fireEvent.click(screen.getByRole('button', { name: 'Insert table' }));
    await waitFor(() => expect(last(changes)).toContain('<table'));
    // What the server's sanitiser keeps (domain/rules/rich_text.py): table, colgroup, col, tbody, tr, th, td.
    expect(last(changes)).toMatch(/^<p>Figures<\/p><table[^>]*><colgroup>(<col[^>]*>){3}<\/colgroup><tbody><tr><th><p><\/p><\/th>/);
    expect(count(last(changes), /<tr>/g)).toBe(3);
    expect(count(last(changes), /<th>/g)).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Add row below' }));
    expect(count(last(changes), /<tr>/g)).toBe(4);
    fireEvent.click(screen.getByRole('button', { name: 'Delete table' }));
    expect(last(changes)).not.toContain('<table');
  });

  it('offers neither images nor tables unless the field asks for them', async () => {
    render(<Field initial="<p>Plain</p>" changes={[]} />);
    await editorOf();
    expect(screen.queryByRole('button', { name: 'Insert table' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Image' })).toBeNull();
  });

  it('survives its effects run twice (strict mode) and being hidden and shown again by a Suspense boundary', async () => {
    let resume = () => {};
    const pending = new Promise<void>((resolve) => { resume = resolve; });
    let waiting = false;
    function Sibling({ suspend }: { suspend: boolean }) {
      if (suspend && waiting) throw pending; // a lazy part of the same page loading: the boundary hides the form
      return null;
    }
    const changes: string[] = [];
    const page = (suspend: boolean) => (
      <StrictMode>
        <Suspense fallback={<p>loading</p>}>
          <Field initial="<p>Kept</p>" changes={changes} />
          <Sibling suspend={suspend} />
        </Suspense>
      </StrictMode>
    );
    const { rerender } = render(page(false));
    await editorOf();
    waiting = true;
    rerender(page(true));
    await act(async () => {
      waiting = false;
      resume();
      await pending;
    });
    const { box, editor } = await editorOf();
    expect(box.innerHTML).toContain('Kept');
    act(() => {
      editor.commands.focus('end');
      editor.commands.insertContent('!');
    });
    expect(last(changes)).toBe('<p>Kept!</p>');
  });
});
