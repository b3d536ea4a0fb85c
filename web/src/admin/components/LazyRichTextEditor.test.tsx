import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/renderScreen.tsx';
import { RichTextEditor, richTextLoadTexts } from './LazyRichTextEditor.tsx';

/** The editor's code fails to arrive while this is set (a dropped connection, a replaced deploy). */
const network = vi.hoisted(() => ({ down: false }));
vi.mock('./RichTextEditor.tsx', async (importOriginal) => {
  if (network.down) throw new TypeError('Failed to fetch dynamically imported module: RichTextEditor.tsx');
  return importOriginal();
});

const description = '<p>Find your <b>tea</b>.</p><ul><li>Green</li><li>Black</li></ul>';

describe('the rich text editor, loaded when it mounts', () => {
  it('shows an empty field as one empty line while it loads, and the field’s error until its load fails', async () => {
    network.down = true;
    renderScreen(<RichTextEditor label="Intro" value="" onChange={() => undefined} error="Enter an intro" />);
    const placeholder = screen.getByRole('group', { name: 'Intro' });
    expect(placeholder.querySelectorAll('p br')).toHaveLength(1);
    expect(screen.getByText('Enter an intro')).toBeTruthy();
    expect(await screen.findByText(richTextLoadTexts.failed)).toBeTruthy();
  });

  it('names the field and shows its text at once, read-only, then the editor takes its place; a failed load says so and tries again', async () => {
    network.down = true;
    const onChange = vi.fn();
    const { user } = renderScreen(
      <RichTextEditor label="Description" value={description} onChange={onChange} maxVisible={100} />,
    );

    const placeholder = screen.getByRole('group', { name: 'Description' });
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(placeholder.textContent).toBe('Find your tea.GreenBlack');
    expect(placeholder.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByText('26 / 100')).toBeTruthy();

    expect(await screen.findByText(richTextLoadTexts.failed)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Description' })).toBe(placeholder);

    network.down = false;
    await user.click(screen.getByRole('button', { name: richTextLoadTexts.retry }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Description' }).isContentEditable).toBe(true));
    expect(screen.queryByRole('group', { name: 'Description' })).toBeNull();
    expect(screen.queryByText(richTextLoadTexts.failed)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Description' }).textContent).toContain('Find your tea.');
    expect(screen.getByRole('toolbar', { name: 'Description formatting' })).toBeTruthy();
    expect(onChange).not.toHaveBeenCalledWith('');
  });
});

describe('the rich text editor arriving while the owner types elsewhere', () => {
  it('leaves the focus and the selection where they are when it mounts with text', async () => {
    network.down = false;
    const { user } = renderScreen(
      <>
        <label>
          Title
          <input defaultValue="" />
        </label>
        <RichTextEditor label="Description" value={description} onChange={() => undefined} />
      </>,
    );
    const title = screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement;
    await user.click(title);
    await user.keyboard('Which tea');
    const editor = await screen.findByRole('textbox', { name: 'Description' });
    expect(editor.textContent).toContain('Find your tea.');
    expect(document.activeElement).toBe(title);
    // happy-dom moves no focus with the selection; a browser focuses the editor its selection is put in.
    const selection = document.getSelection();
    expect(selection?.anchorNode && editor.contains(selection.anchorNode)).toBeFalsy();
    await user.keyboard(' are you?');
    expect(title.value).toBe('Which tea are you?');
    expect(editor.textContent).not.toContain('are you');
  });
});
