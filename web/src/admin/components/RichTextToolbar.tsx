import { Button, ButtonGroup, InlineStack, Popover, TextField } from '@shopify/polaris';
import { $isLinkNode, $toggleLink } from '@lexical/link';
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListNode,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getNearestNodeOfType } from '@lexical/utils';
import {
  TextBoldIcon,
  TextItalicIcon,
  TextUnderlineIcon,
  LinkIcon,
  ListBulletedIcon,
  ListNumberedIcon,
} from '@shopify/polaris-icons';
import { $getSelection, $isRangeSelection, $setSelection, FORMAT_TEXT_COMMAND } from 'lexical';
import type { BaseSelection, TextFormatType } from 'lexical';
import { useEffect, useState } from 'react';

interface Formats {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  link: boolean;
  list: 'bullet' | 'number' | null;
}

const none: Formats = { bold: false, italic: false, underline: false, link: false, list: null };

export const isSafeUrl = (url: string) => /^(https?:\/\/|mailto:)\S+$/i.test(url.trim());

function readFormats(): Formats {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return none;
  const node = selection.anchor.getNode();
  const list = $getNearestNodeOfType(node, ListNode);
  return {
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    underline: selection.hasFormat('underline'),
    link: $isLinkNode(node) || $isLinkNode(node.getParent()),
    list: $isListNode(list) ? (list.getListType() === 'number' ? 'number' : 'bullet') : null,
  };
}

/** Bold, italic, underline, link and list buttons for the editor around it. */
export function RichTextToolbar({ label }: { label: string }) {
  const [editor] = useLexicalComposerContext();
  const [formats, setFormats] = useState<Formats>(none);
  const [linkOpen, setLinkOpen] = useState(false);
  const [url, setUrl] = useState('https://');
  const [selection, setSelection] = useState<BaseSelection | null>(null);

  useEffect(() => editor.registerUpdateListener(({ editorState }) => setFormats(editorState.read(readFormats))), [editor]);

  const format = (type: TextFormatType) => () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);
  const list = (type: 'bullet' | 'number') => () => {
    if (formats.list === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(type === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
  };

  const openLink = () => {
    // The popover takes the focus; keep the selection the link applies to.
    setSelection(editor.getEditorState().read(() => $getSelection()?.clone() ?? null));
    setLinkOpen(true);
  };
  const applyLink = (target: string | null) => {
    editor.update(() => {
      if (selection) $setSelection(selection.clone());
      $toggleLink(target);
    });
    setLinkOpen(false);
  };

  const tool = (name: string, icon: typeof TextBoldIcon, pressed: boolean, onClick: () => void) => (
    <Button
      size="slim"
      variant="tertiary"
      icon={icon}
      pressed={pressed}
      onClick={onClick}
      accessibilityLabel={`${name} (${label})`}
    />
  );

  return (
    <div className="ql-rte__toolbar" role="toolbar" aria-label={`${label} formatting`}>
      <ButtonGroup variant="segmented">
        {tool('Bold', TextBoldIcon, formats.bold, format('bold'))}
        {tool('Italic', TextItalicIcon, formats.italic, format('italic'))}
        {tool('Underline', TextUnderlineIcon, formats.underline, format('underline'))}
      </ButtonGroup>
      <Popover
        active={linkOpen}
        onClose={() => setLinkOpen(false)}
        activator={tool('Link', LinkIcon, formats.link, openLink)}
        preferredAlignment="left"
      >
        <Popover.Pane fixed>
          <div className="ql-rte__link-form">
            <TextField
              label="Link URL"
              value={url}
              onChange={setUrl}
              autoComplete="url"
              error={url && !isSafeUrl(url) ? 'Enter a link starting with https://' : undefined}
            />
            <InlineStack gap="200" align="end">
              {formats.link ? (
                <Button variant="plain" tone="critical" onClick={() => applyLink(null)}>
                  Remove link
                </Button>
              ) : null}
              <Button variant="primary" disabled={!isSafeUrl(url)} onClick={() => applyLink(url.trim())}>
                Apply
              </Button>
            </InlineStack>
          </div>
        </Popover.Pane>
      </Popover>
      <ButtonGroup variant="segmented">
        {tool('Bulleted list', ListBulletedIcon, formats.list === 'bullet', list('bullet'))}
        {tool('Numbered list', ListNumberedIcon, formats.list === 'number', list('number'))}
      </ButtonGroup>
    </div>
  );
}
