/** Multipart bodies for inject: `form({ name: 'x', productTypeIds: [1, 2] }, { image: png })`. */
import sharp from 'sharp';

type FieldValue = string | number | boolean | null | undefined | Array<string | number>;

export function form(fields: Record<string, FieldValue>, files: Record<string, Buffer | Buffer[]> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    for (const item of [value].flat()) data.append(key, String(item));
  }
  for (const [key, value] of Object.entries(files)) {
    for (const [index, bytes] of [value].flat().entries()) {
      data.append(key, new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), `${key}-${index}.bin`);
    }
  }
  return data;
}

/** A small real image in the given format. */
export async function testImage(format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png', size = 8, color = '#2a9d8f'): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

/** Bytes that claim to be an image by name and type but are not. */
export const FAKE_IMAGE = Buffer.from('<?php echo "not an image"; ?>\n'.repeat(10));
