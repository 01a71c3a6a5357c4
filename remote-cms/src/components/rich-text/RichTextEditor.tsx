import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import './rich-text.css';

export interface RichTextEditorProps {
  /** Names the editable area (screen readers, getByLabelText). */
  label: string;
  /** The HTML; empty for none. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /**
   * Sends a picture picked in the editor and answers its URL (the editor compresses it first).
   * Without it the editor offers no upload.
   */
  uploadImage?: (file: File) => Promise<string>;
  invalid?: boolean;
  placeholder?: string;
}

// wangEditor is large: it loads with the first form that shows an editor, not with the list screens.
const WangEditor = lazy(() => import('./WangEditor'));

/** Rich text with `@wangeditor/editor-for-react`: formatting, lists, links, tables and pictures. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="cms-rich-text cms-rich-text--loading">
          <Spin aria-label={`Loading the ${props.label} editor`} />
        </div>
      }
    >
      <WangEditor {...props} />
    </Suspense>
  );
}
