// Test support only (imported by *.test.tsx through jest.mock, never by app code): a plain
// textarea in place of wangEditor, which needs a real browser's selection and layout. The editor
// itself is exercised by the browser tests.
import type { RichTextEditorProps } from '../components/rich-text/RichTextEditor';

export default function TextareaEditor({ label, value, onChange, onBlur, invalid }: RichTextEditorProps) {
  return <textarea aria-label={label} value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur} aria-invalid={invalid || undefined} />;
}
