import { useState } from 'react';
import { Button, Dropdown, Empty, Modal, Tag, Upload, type UploadFile } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { ProductImage } from '@deals/contract';
import { attachmentUrl, confirmAction, toast, useGuardedClose } from '@deals/shared-auth';
import { IMAGE_TYPES, imageFileProblem } from '@deals/shared-auth/ui';
import { MESSAGES } from '@deals/contract/messages';
import { MAX_IMAGES_PER_UPLOAD } from '@deals/contract/deal-rules';
import { deleteDealImage, setPreviewImage, uploadDealImages } from './api';
import './deal-form.css';

interface DealImagesProps {
  productId: number;
  images: readonly ProductImage[];
  /** False for a deal the viewer may only look at: no menu, no Add Images. */
  editable: boolean;
  /** After any change, so the form reloads the deal's images. */
  onChanged: () => void;
}

/** Add Images: pick one or more files and upload them in one call (spec §2, §8). */
function AddImagesModal({ productId, onClose }: { productId: number; onClose: (uploaded: boolean) => void }) {
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  // Images picked but not uploaded: closing (or leaving the screen) asks first.
  const cancel = useGuardedClose(files.length > 0 && !uploading, () => onClose(false));

  const upload = async () => {
    const chosen = files.map((file) => file.originFileObj).filter((file): file is NonNullable<typeof file> => Boolean(file));
    if (chosen.length === 0) {
      toast.warning(MESSAGES.deal.imageRequired);
      return;
    }
    setUploading(true);
    try {
      toast.success((await uploadDealImages(productId, chosen)).message);
      onClose(true);
    } catch (error) {
      toast.failure(error, 'warning');
      setUploading(false);
    }
  };

  return (
    <Modal open title="Add Images" okText="Upload" onOk={() => void upload()} onCancel={cancel} okButtonProps={{ loading: uploading }} cancelButtonProps={{ disabled: uploading }} maskClosable={false} destroyOnHidden>
      <Upload
        listType="picture"
        multiple
        accept={IMAGE_TYPES.join(',')}
        fileList={files}
        maxCount={MAX_IMAGES_PER_UPLOAD}
        beforeUpload={(file) => {
          const problem = imageFileProblem(file);
          if (problem) {
            toast.warning(`${file.name}: ${problem}`);
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
        onChange={({ fileList }) => setFiles(fileList)}
      >
        <Button icon={<UploadOutlined />}>Choose images</Button>
      </Upload>
      <p className="deal-images__hint">JPEG, PNG, WebP or GIF, up to 10 MB each; at most {MAX_IMAGES_PER_UPLOAD} at once.</p>
    </Modal>
  );
}

/**
 * The deal's images in edit mode: clicking one offers Set as Preview or Delete (with confirmation);
 * Add Images uploads more. The preview image is what cards and lists show.
 */
export function DealImages({ productId, images, editable, onChanged }: DealImagesProps) {
  const [adding, setAdding] = useState(false);

  const makePreview = async (image: ProductImage) => {
    try {
      toast.success((await setPreviewImage(image.id)).message);
      onChanged();
    } catch (error) {
      toast.failure(error, 'warning');
    }
  };

  const remove = (image: ProductImage) =>
    void confirmAction({
      title: 'Delete Image',
      text: image.isPreviewImage ? 'Delete the preview image? The oldest remaining image becomes the preview.' : 'Delete this image from the deal?',
      rightBtnText: 'Delete',
      action: async () => {
        toast.success((await deleteDealImage(image.id)).message);
        onChanged();
      },
    });

  return (
    <div className="deal-images">
      {images.length === 0 && <Empty description="This deal has no images yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      <ul className="deal-images__grid">
        {images.map((image, index) => {
          const picture = (
            <>
              <img src={attachmentUrl(image.filePath)} alt={`Image ${index + 1}${image.isPreviewImage ? ' (preview)' : ''}`} />
              {image.isPreviewImage && (
                <Tag color="blue" className="deal-images__badge">
                  Preview
                </Tag>
              )}
            </>
          );
          return (
            <li key={image.id} data-image-id={image.id}>
              {editable ? (
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: [
                      { key: 'preview', label: 'Set as Preview', disabled: image.isPreviewImage },
                      { key: 'delete', label: 'Delete', danger: true },
                    ],
                    onClick: ({ key }) => (key === 'preview' ? void makePreview(image) : remove(image)),
                  }}
                >
                  <button type="button" className="deal-images__item" aria-label={`Image ${index + 1}${image.isPreviewImage ? ', the preview' : ''}: set as preview or delete`}>
                    {picture}
                  </button>
                </Dropdown>
              ) : (
                <div className="deal-images__item">{picture}</div>
              )}
            </li>
          );
        })}
      </ul>
      {editable && (
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          Add Images
        </Button>
      )}
      {adding && (
        <AddImagesModal
          productId={productId}
          onClose={(uploaded) => {
            setAdding(false);
            if (uploaded) onChanged();
          }}
        />
      )}
    </div>
  );
}
