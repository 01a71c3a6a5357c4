// The rich-text editor's picture uploads are made smaller in the browser first (spec §9: JPEG,
// quality 0.7). The canvas and the decoder are passed in so the steps can be checked without a
// browser; `BROWSER_CANVAS` is what the editor uses.

/** Spec §9: rich-text editor image compression. */
export const EDITOR_IMAGE_TYPE = 'image/jpeg';
export const EDITOR_IMAGE_QUALITY = 0.7;

/** The part of a 2D canvas context the compression draws with. */
export interface CanvasDrawing {
  fillStyle: string | CanvasGradient | CanvasPattern;
  fillRect(x: number, y: number, width: number, height: number): void;
  drawImage(image: CanvasImageSource, dx: number, dy: number): void;
}

/** The part of a canvas the compression uses. */
export interface ImageCanvas {
  width: number;
  height: number;
  getContext(contextId: '2d'): CanvasDrawing | null;
  toBlob(callback: (blob: Blob | null) => void, type?: string, quality?: number): void;
}

/** A picture ready to draw, with its size in pixels. */
export interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  /** Frees the decoded pixels (ImageBitmap.close). */
  close?: () => void;
}

export interface CanvasKit {
  decode(file: Blob): Promise<DecodedImage>;
  createCanvas(): ImageCanvas;
}

/** The browser's own: `createImageBitmap` (applies the photo's orientation) and a `<canvas>`. */
export const BROWSER_CANVAS: CanvasKit = {
  async decode(file) {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  },
  createCanvas: () => document.createElement('canvas'),
};

/** `photo.png` → `photo.jpg` (the name the upload carries). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'image';
  return `${base}.jpg`;
}

/**
 * Redraws a picture as a JPEG of quality 0.7, on white (JPEG has no transparency, so a
 * transparent PNG would otherwise turn black). Rejects when the file cannot be decoded or drawn.
 */
export async function compressToJpeg(file: File, kit: CanvasKit = BROWSER_CANVAS, quality = EDITOR_IMAGE_QUALITY): Promise<File> {
  const image = await kit.decode(file);
  try {
    const canvas = kit.createCanvas();
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, image.width, image.height);
    context.drawImage(image.source, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, EDITOR_IMAGE_TYPE, quality));
    if (!blob) throw new Error('The picture could not be encoded');
    return new File([blob], jpegName(file.name), { type: EDITOR_IMAGE_TYPE });
  } finally {
    image.close?.();
  }
}

/** What wangEditor's `customUpload` gets to put the uploaded picture into the text. */
export type InsertImage = (src: string, alt: string, href: string) => void;

/**
 * The editor's image upload (`MENU_CONF.uploadImage.customUpload`): compress, send with `upload`
 * (which answers the picture's URL), insert it. A picture that cannot be compressed is sent as
 * it is; a failed upload inserts nothing and says nothing (spec §8).
 */
export function editorImageUploader(upload: (file: File) => Promise<string>, compress: (file: File) => Promise<File> = (file) => compressToJpeg(file)) {
  return async (file: File, insert: InsertImage): Promise<void> => {
    let sent = file;
    try {
      sent = await compress(file);
    } catch {
      // Not decodable here (an unusual format): the server decides.
    }
    try {
      const url = await upload(sent);
      insert(url, '', '');
    } catch {
      // Spec §8: the rich-text editor image upload ignores errors silently.
    }
  };
}
