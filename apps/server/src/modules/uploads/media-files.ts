import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import webpDecoderFactory from '@jsquash/webp/codec/dec/webp_dec.js';
import type { MediaItem } from '@store/contracts';
import { HttpError } from '#server/lib/http-error.ts';
import { encodeWebpRenditions, rasteriseSvgToWebp, type RasterImage } from '#server/lib/webp-raster.ts';
import { COVER_WIDTHS } from '#server/modules/catalog/seed/cover-files.ts';
import { imageSize, sniffMedia, type ImageFormat, type MediaKind } from './media-kind';

export const NOT_AN_IMAGE_OR_MEDIA =
  'This file is not a JPEG, PNG, WebP or GIF image, nor MP3, OGG, WAV, FLAC or M4A audio, nor MP4 or WebM video. Export it in one of these formats and upload it again.';
export const NOT_AN_IMAGE = 'This file is not a JPEG, PNG, WebP or GIF image';

/** Images are decoded whole in memory: larger files are refused rather than risk the process. */
export const IMAGE_MAX_BYTES = 40 * 1024 * 1024;
const IMAGE_MAX_PIXELS = 50_000_000;

const require = createRequire(import.meta.url);

/** Where a product's uploaded media live below `DATA_DIR/media`, and their URLs (served by the media plugin). */
const mediaFolder = (productId: number) => `uploads/${productId}`;
const mediaUrl = (productId: number, file: string) => `/media/${mediaFolder(productId)}/${file}`;

export interface StoredMedia {
  mediaItem: MediaItem;
  /** The files written, for removing them again when the save that follows fails. */
  files: string[];
}

/**
 * Writes a finished upload as a product's media: an image as the WebP renditions the store
 * serves covers in (the widths of `COVER_WIDTHS` it is wide enough for), audio and video as
 * they are. `head` is the file's first bytes; `open` streams all of it.
 */
export async function storeProductMedia(options: {
  mediaDir: string;
  productId: number;
  filename: string;
  sizeBytes: number;
  head: Uint8Array;
  open: () => Promise<Readable>;
}): Promise<StoredMedia> {
  const kind = sniffMedia(options.head);
  if (!kind) throw new HttpError(400, looksLikeAnImage(options.filename) ? NOT_AN_IMAGE : NOT_AN_IMAGE_OR_MEDIA, { file: NOT_AN_IMAGE_OR_MEDIA });
  const folder = path.join(options.mediaDir, mediaFolder(options.productId));
  await mkdir(folder, { recursive: true });
  // A random part keeps two uploads of one name (or a re-upload) from overwriting each other's URLs.
  const base = `${slug(options.filename)}-${randomBytes(4).toString('hex')}`;
  const title = titleOf(options.filename);
  if (kind.kind === 'image') return storeImage({ ...options, format: kind.format, folder, base, title });
  return storeAsIs({ ...options, kind, folder, base, title });
}

async function storeImage(options: {
  productId: number;
  sizeBytes: number;
  format: ImageFormat;
  folder: string;
  base: string;
  title: string;
  open: () => Promise<Readable>;
}): Promise<StoredMedia> {
  if (options.sizeBytes > IMAGE_MAX_BYTES) {
    throw new HttpError(
      400,
      `This image is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB. Export it smaller (2,000 pixels wide is plenty) and upload it again.`,
    );
  }
  const bytes = await readAll(await options.open());
  const size = imageSize(bytes, options.format);
  if (!size) throw new HttpError(400, `${NOT_AN_IMAGE}: its ${options.format.toUpperCase()} header is damaged.`);
  if (size.width * size.height > IMAGE_MAX_PIXELS) {
    throw new HttpError(
      400,
      `This image is ${size.width}×${size.height} pixels; the store takes at most 50 megapixels. Export it smaller and upload it again.`,
    );
  }
  const widths = COVER_WIDTHS.filter((width) => width <= size.width);
  const renditions = await renderWebp(bytes, options.format, size, widths.length > 0 ? widths : [size.width]);
  const files: string[] = [];
  try {
    for (const rendition of renditions) {
      const name = `${options.base}.${rendition.width}.webp`;
      await writeAtomically(path.join(options.folder, name), rendition.webp);
      files.push(path.join(options.folder, name));
    }
  } catch (error) {
    await removeFiles(files);
    throw error;
  }
  const largest = renditions.at(-1)!;
  return {
    files,
    mediaItem: {
      kind: 'image',
      src: mediaUrl(options.productId, `${options.base}.${largest.width}.webp`),
      title: options.title,
      width: largest.width,
      height: largest.height,
      variants: renditions.map((rendition) => ({ src: mediaUrl(options.productId, `${options.base}.${rendition.width}.webp`), width: rendition.width })),
    },
  };
}

async function storeAsIs(options: {
  productId: number;
  kind: Exclude<MediaKind, { kind: 'image' }>;
  folder: string;
  base: string;
  title: string;
  open: () => Promise<Readable>;
}): Promise<StoredMedia> {
  const name = `${options.base}.${options.kind.extension}`;
  const target = path.join(options.folder, name);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    // Streamed: a video may be as large as the upload limit.
    await pipeline(await options.open(), createWriteStream(temporary));
    await rename(temporary, target);
  } catch (error) {
    await removeFiles([temporary]);
    throw error;
  }
  return { files: [target], mediaItem: { kind: options.kind.kind, src: mediaUrl(options.productId, name), title: options.title } };
}

/** JPEG, PNG and GIF are drawn by resvg as an SVG's image; WebP (which resvg cannot read) is decoded by libwebp. */
async function renderWebp(bytes: Uint8Array, format: ImageFormat, size: { width: number; height: number }, widths: number[]): Promise<RasterImage[]> {
  if (format === 'webp') {
    const pixels = await decodeWebp(bytes);
    return encodeWebpRenditions({ pixels: premultiply(pixels.data), width: pixels.width, height: pixels.height }, widths);
  }
  const mime = format === 'jpeg' ? 'image/jpeg' : `image/${format}`;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${size.width}" height="${size.height}">` +
    `<image width="${size.width}" height="${size.height}" preserveAspectRatio="none" xlink:href="data:${mime};base64,${Buffer.from(bytes).toString('base64')}"/></svg>`;
  return rasteriseSvgToWebp(svg, widths);
}

let webpDecoder: Promise<{ decode(data: BufferSource): { data: Uint8ClampedArray; width: number; height: number } | null }> | undefined;

async function decodeWebp(bytes: Uint8Array) {
  // The codec's own loader fetches the .wasm by URL, which Node cannot do for files: hand it the bytes.
  webpDecoder ??= readFile(require.resolve('@jsquash/webp/codec/dec/webp_dec.wasm')).then((wasmBinary) =>
    webpDecoderFactory({ noInitialRun: true, wasmBinary }),
  );
  const image = (await webpDecoder).decode(bytes as Uint8Array<ArrayBuffer>);
  if (!image) throw new HttpError(400, `${NOT_AN_IMAGE}: its WebP data is damaged.`);
  return image;
}

/** Straight alpha to premultiplied, as the renditions are scaled (transparent pixels then add no colour). */
function premultiply(data: Uint8ClampedArray): Uint8Array {
  const pixels = new Uint8Array(data);
  for (let index = 0; index < pixels.length; index += 4) {
    const alpha = pixels[index + 3]!;
    if (alpha === 255) continue;
    for (let channel = 0; channel < 3; channel++) pixels[index + channel] = Math.round((pixels[index + channel]! * alpha) / 255);
  }
  return pixels;
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function writeAtomically(target: string, bytes: Uint8Array) {
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, target);
}

export async function removeFiles(files: string[]) {
  await Promise.all(files.map((file) => rm(file, { force: true })));
}

const looksLikeAnImage = (filename: string) => /\.(jpe?g|png|gif|webp|avif|heic|bmp|tiff?)$/i.test(filename);

/** The file name without its extension, in lower-case letters, digits and dashes (safe in any URL). */
function slug(filename: string) {
  const text = withoutExtension(filename)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return text || 'media';
}

/** 'loop-kit_demo.mp3' → 'loop kit demo': the name a maker gave the file reads as its caption. */
const titleOf = (filename: string) => withoutExtension(filename).replace(/[_-]+/g, ' ').trim() || filename;

const withoutExtension = (filename: string) => filename.replace(/\.[^.]+$/, '');
