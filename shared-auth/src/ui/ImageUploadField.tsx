import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { attachmentUrl } from '@deals/shared-auth';
import { LIMITS } from '@deals/contract/limits';
import { MESSAGES } from '@deals/contract/messages';
import './image-upload.css';

/** The image types the API accepts (it sniffs the bytes; this is the picker's first filter). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Why a picked file cannot be an upload, or null when it can. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return MESSAGES.upload.unsupported;
  if (file.size > LIMITS.upload.maxBytes) return MESSAGES.upload.tooLarge;
  return null;
}

interface ImageUploadFieldProps {
  label: string;
  /** The picked file, not yet sent. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** The stored image of the record being edited: the button then reads Replace image. */
  currentPath?: string | null | undefined;
  /** A message from the form (e.g. Please upload an Image). */
  error?: string | null | undefined;
  required?: boolean;
  disabled?: boolean;
  extra?: string;
}

/** Object URL of a picked file for its preview, revoked when the file changes. */
function usePreviewUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

/**
 * One image of a form (store logo, category image, section image): a preview of the stored or
 * picked image and a button that reads Upload image, or Replace image when there is one. Files
 * the API would refuse (type, size) are refused here with its message; the API checks again.
 */
export function ImageUploadField({ label, file, onChange, currentPath, error, required, disabled, extra }: ImageUploadFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const picked = usePreviewUrl(file);
  const preview = picked ?? (currentPath ? attachmentUrl(currentPath) : null);
  const message = problem ?? error ?? undefined;
  const action = currentPath || file ? 'Replace image' : 'Upload image';

  return (
    // The label is not tied to the button (that would rename it to the label): the button says
    // what it does and names the field, e.g. "Replace image (Logo)".
    <Form.Item label={label} required={required} validateStatus={message ? 'error' : undefined} help={message} extra={extra}>
      <div className="deals-image-upload">
        <div className="deals-image-upload__preview">{preview ? <img src={preview} alt={`${label} preview`} /> : <span>No image</span>}</div>
        <Upload
          accept={IMAGE_TYPES.join(',')}
          showUploadList={false}
          maxCount={1}
          disabled={disabled}
          beforeUpload={(chosen) => {
            const refusal = imageFileProblem(chosen);
            setProblem(refusal);
            if (!refusal) onChange(chosen);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={disabled} aria-label={`${action} (${label})`}>
            {action}
          </Button>
        </Upload>
        {file && <span className="deals-image-upload__name">{file.name}</span>}
      </div>
    </Form.Item>
  );
}
