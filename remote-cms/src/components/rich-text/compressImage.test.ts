import { compressToJpeg, editorImageUploader, EDITOR_IMAGE_QUALITY, jpegName, type CanvasKit, type ImageCanvas } from './compressImage';
import { isBlankHtml } from './html';

/** A canvas that records what is drawn and answers `toBlob` with a fixed JPEG. */
function fakeKit({ blob = new Blob(['jpeg-bytes'], { type: 'image/jpeg' }) as Blob | null, decodeFails = false } = {}) {
  const drawn: string[] = [];
  const encoded: { type?: string; quality?: number }[] = [];
  const closed: number[] = [];
  const canvas: ImageCanvas = {
    width: 0,
    height: 0,
    getContext: () => ({
      fillStyle: '',
      fillRect(x, y, width, height) {
        drawn.push(`fill ${String(this.fillStyle)} ${x},${y} ${width}x${height}`);
      },
      drawImage: (_image, x, y) => drawn.push(`image at ${x},${y}`),
    }),
    toBlob: (callback, type, quality) => {
      encoded.push({ type, quality });
      callback(blob);
    },
  };
  const kit: CanvasKit = {
    decode: async () => {
      if (decodeFails) throw new Error('not an image');
      return { source: {} as CanvasImageSource, width: 640, height: 480, close: () => closed.push(1) };
    },
    createCanvas: () => canvas,
  };
  return { kit, canvas, drawn, encoded, closed };
}

const png = () => new File(['png-bytes'], 'holiday photo.png', { type: 'image/png' });

describe('compressToJpeg', () => {
  it('redraws the picture at its size on white and encodes a JPEG of quality 0.7', async () => {
    const { kit, canvas, drawn, encoded, closed } = fakeKit();
    const file = await compressToJpeg(png(), kit);
    expect(EDITOR_IMAGE_QUALITY).toBe(0.7);
    expect([canvas.width, canvas.height]).toEqual([640, 480]);
    expect(drawn).toEqual(['fill #ffffff 0,0 640x480', 'image at 0,0']);
    expect(encoded).toEqual([{ type: 'image/jpeg', quality: 0.7 }]);
    expect(file.name).toBe('holiday photo.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(file.size).toBe('jpeg-bytes'.length);
    expect(closed).toHaveLength(1);
  });

  it('rejects when the canvas cannot encode, and still frees the decoded picture', async () => {
    const { kit, closed } = fakeKit({ blob: null });
    await expect(compressToJpeg(png(), kit)).rejects.toThrow('could not be encoded');
    expect(closed).toHaveLength(1);
  });

  it.each([
    ['photo.png', 'photo.jpg'],
    ['photo.final.webp', 'photo.final.jpg'],
    ['scan', 'scan.jpg'],
    ['.png', 'image.jpg'],
  ])('names %s as %s', (name, expected) => {
    expect(jpegName(name)).toBe(expected);
  });
});

describe('editorImageUploader', () => {
  it('compresses, uploads the JPEG and inserts the URL the upload answers', async () => {
    const { kit } = fakeKit();
    const sent: File[] = [];
    const inserted: string[][] = [];
    const upload = editorImageUploader(
      async (file) => {
        sent.push(file);
        return '/api/Attachments/abc.jpg';
      },
      (file) => compressToJpeg(file, kit),
    );
    await upload(png(), (src, alt, href) => inserted.push([src, alt, href]));
    expect(sent.map((file) => [file.name, file.type])).toEqual([['holiday photo.jpg', 'image/jpeg']]);
    expect(inserted).toEqual([['/api/Attachments/abc.jpg', '', '']]);
  });

  it('sends the original when it cannot be compressed', async () => {
    const { kit } = fakeKit({ decodeFails: true });
    const sent: File[] = [];
    const upload = editorImageUploader(
      async (file) => {
        sent.push(file);
        return '/api/Attachments/abc.png';
      },
      (file) => compressToJpeg(file, kit),
    );
    const insert = jest.fn();
    await upload(png(), insert);
    expect(sent.map((file) => file.name)).toEqual(['holiday photo.png']);
    expect(insert).toHaveBeenCalledWith('/api/Attachments/abc.png', '', '');
  });

  it('ignores a failed upload silently: nothing inserted, nothing thrown', async () => {
    const insert = jest.fn();
    const upload = editorImageUploader(
      () => Promise.reject(new Error('413')),
      async (file) => file,
    );
    await expect(upload(png(), insert)).resolves.toBeUndefined();
    expect(insert).not.toHaveBeenCalled();
  });
});

describe('isBlankHtml', () => {
  it.each([
    [null, true],
    ['', true],
    ['<p><br></p>', true],
    ['<p>&nbsp; </p><p></p>', true],
    ['<p>Hello</p>', false],
    ['<p><img src="/api/Attachments/a.jpg" alt=""></p>', false],
  ])('%p → %p', (html, blank) => {
    expect(isBlankHtml(html)).toBe(blank);
  });
});
