import { useEffect, useRef, useState } from 'react';
import { i18nChangeLanguage, type IDomEditor, type IEditorConfig, type IToolbarConfig } from '@wangeditor/editor';
import { Editor, Toolbar } from '@wangeditor/editor-for-react';
import '@wangeditor/editor/dist/css/style.css';
import { editorImageUploader } from './compressImage';
import { isBlankHtml } from './html';
import type { RichTextEditorProps } from './RichTextEditor';

// wangEditor speaks Chinese unless told otherwise.
i18nChangeLanguage('en');

/**
 * Videos would be embeds the API does not keep, to-do lists checkboxes it removes (its rich-text
 * allow-list has no form inputs); full screen fights the admin frame.
 */
const EXCLUDED_MENUS = ['group-video', 'insertVideo', 'uploadVideo', 'todo', 'fullScreen'];

/**
 * wangEditor reads its config once, when it is created: these callbacks are the ones it calls
 * for its whole life (react-hook-form's field callbacks and the upload call are stable).
 */
function createEditorConfig({ placeholder, value, onChange, onBlur, uploadImage }: RichTextEditorProps): Partial<IEditorConfig> {
  let reported = value;
  return {
    placeholder,
    // wangEditor focuses itself once created (by default): loaded lazily, it would take the focus
    // from whatever field the user moved on to meanwhile, and close an open dropdown.
    autoFocus: false,
    onChange: (editor) => {
      const html = editor.getHtml();
      // Focus and selection changes report too; an empty editor's `<p><br></p>` is still empty.
      if (html === reported || (isBlankHtml(html) && isBlankHtml(reported))) return;
      reported = html;
      onChange(html);
    },
    onBlur: () => onBlur?.(),
    MENU_CONF: uploadImage ? { uploadImage: { customUpload: editorImageUploader(uploadImage) } } : {},
  };
}

/** Names of the toolbar's group buttons (icon only, no tooltip). */
const GROUP_NAMES: Record<string, string> = {
  'group-more-style': 'More styles',
  'group-justify': 'Justify',
  'group-indent': 'Indent',
  'group-image': 'Image',
  'group-link': 'Link',
};

/**
 * wangEditor's icon buttons carry their name only in a hover tooltip (`data-tooltip`), and its
 * disabled buttons only a class: name them and mark them `aria-disabled`, for screen readers
 * (and so contrast checks treat the greyed-out ones as the inactive controls they are).
 */
function labelToolbar(root: HTMLElement) {
  for (const button of root.querySelectorAll<HTMLButtonElement>('.w-e-toolbar button')) {
    if (!button.textContent?.trim()) {
      const key = button.dataset.menuKey ?? '';
      const name = button.dataset.tooltip?.split('\n')[0]?.trim() || GROUP_NAMES[key] || key.replace(/^group-/, '').replace(/([a-z])([A-Z])/g, '$1 $2');
      if (name && button.getAttribute('aria-label') !== name) button.setAttribute('aria-label', name);
    }
    const disabled = button.classList.contains('disabled');
    if (disabled && button.getAttribute('aria-disabled') !== 'true') button.setAttribute('aria-disabled', 'true');
    if (!disabled && button.hasAttribute('aria-disabled')) button.removeAttribute('aria-disabled');
  }
}

/** The editable area of a created editor (Slate's root). */
const editableOf = (editor: IDomEditor) => editor.getEditableContainer().querySelector<HTMLElement>('[data-slate-editor]');

/** The editor itself (loaded lazily by `RichTextEditor`). */
export default function WangEditor(props: RichTextEditorProps) {
  const { label, value, invalid, uploadImage } = props;
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [editorConfig] = useState(() => createEditorConfig(props));
  const [toolbarConfig] = useState<Partial<IToolbarConfig>>(() => ({
    excludeKeys: uploadImage ? EXCLUDED_MENUS : [...EXCLUDED_MENUS, 'uploadImage'],
  }));

  // Named and marked for assistive technology, like the form's other fields (wangEditor gives it
  // the non-existent role "textarea").
  useEffect(() => {
    const editable = editor ? editableOf(editor) : null;
    if (!editable) return;
    editable.setAttribute('role', 'textbox');
    editable.setAttribute('aria-multiline', 'true');
    editable.setAttribute('aria-label', label);
    if (invalid) editable.setAttribute('aria-invalid', 'true');
    else editable.removeAttribute('aria-invalid');
  }, [editor, label, invalid]);

  // The toolbar's buttons named and their disabled state exposed, as wangEditor (re)draws them.
  useEffect(() => {
    const root = frame.current;
    if (!editor || !root) return undefined;
    labelToolbar(root);
    const observer = new MutationObserver(() => labelToolbar(root));
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'data-tooltip'] });
    return () => observer.disconnect();
  }, [editor]);

  // The editor is destroyed with the form (wangEditor keeps listeners on the document).
  useEffect(
    () => () => {
      editor?.destroy();
    },
    [editor],
  );

  return (
    <div ref={frame} className={`cms-rich-text${invalid ? ' cms-rich-text--invalid' : ''}`}>
      <Toolbar editor={editor} defaultConfig={toolbarConfig} mode="default" className="cms-rich-text__toolbar" />
      <Editor defaultConfig={editorConfig} value={value} onCreated={setEditor} mode="default" className="cms-rich-text__editor" />
    </div>
  );
}
