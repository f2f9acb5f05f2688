import { z } from 'zod';
import { mediaItemSchema, OPERATING_SYSTEMS } from '../catalog/product';

/** What a finished upload becomes: a downloadable file of a release, or a media item of a product page. */
export const UPLOAD_PURPOSES = ['release-file', 'product-media'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const RELEASE_FILE_OPERATING_SYSTEMS = OPERATING_SYSTEMS;
export type ReleaseFileOs = (typeof RELEASE_FILE_OPERATING_SYSTEMS)[number];
export const RELEASE_FILE_FORMATS = ['vst3', 'au', 'aax', 'standalone', 'zip', 'other'] as const;
export type ReleaseFileFormat = (typeof RELEASE_FILE_FORMATS)[number];

/** The default of UPLOAD_MAX_BYTES (2 GiB); the server's setting is read from `GET /uploads/limits`. */
export const DEFAULT_UPLOAD_MAX_BYTES = 2 * 1024 ** 3;

/**
 * A file's name as it is stored and offered for download: no folders, nothing a path or a
 * header could trip on, and short enough for every file system.
 */
export const uploadFilenameSchema = z
  .string()
  .trim()
  .min(1, 'Give the file a name')
  .max(200, 'The file name is longer than 200 characters')
  .regex(/^[\w][\w .()+-]*$/, 'Use letters, digits, spaces and . _ - ( ) + in the file name (no folders)')
  .refine((name) => !name.endsWith('.') && !name.endsWith(' '), 'A file name cannot end with a dot or a space');

const id = z.coerce.number({ error: 'must be a number' }).int().positive();

export const releaseFileTargetSchema = z.object({
  productId: id,
  versionId: id,
  os: z.enum(RELEASE_FILE_OPERATING_SYSTEMS, { error: `must be one of ${RELEASE_FILE_OPERATING_SYSTEMS.join(', ')}` }),
  format: z.enum(RELEASE_FILE_FORMATS, { error: `must be one of ${RELEASE_FILE_FORMATS.join(', ')}` }),
});
export type ReleaseFileTarget = z.infer<typeof releaseFileTargetSchema>;

export const productMediaTargetSchema = z.object({ productId: id });
export type ProductMediaTarget = z.infer<typeof productMediaTargetSchema>;

/** What each purpose is for, by purpose: what `UploadButton` is given as `target`. */
export interface UploadTargets {
  'release-file': ReleaseFileTarget;
  'product-media': ProductMediaTarget;
}

const fileFields = {
  filename: uploadFilenameSchema,
  contentType: z.string().trim().max(200).default('application/octet-stream'),
};

/**
 * The tus `Upload-Metadata` of a new upload (every value arrives as text): what it is for and
 * where it goes. Checked when the upload is created, so a wrong target fails before any byte is sent.
 */
export const uploadMetadataSchema = z.discriminatedUnion(
  'purpose',
  [
    z.object({ purpose: z.literal('release-file'), ...fileFields, ...releaseFileTargetSchema.shape }),
    z.object({ purpose: z.literal('product-media'), ...fileFields, ...productMediaTargetSchema.shape }),
  ],
  { error: `purpose must be one of ${UPLOAD_PURPOSES.join(', ')}` },
);
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

/**
 * A file's name made acceptable to `uploadFilenameSchema`, so a name with accents or symbols is
 * not refused: 'Café Loops [v2].zip' → 'Cafe Loops -v2-.zip'. Long names keep their extension.
 */
export function safeFilename(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w .()+-]+/g, '-')
    .replace(/^[^\w]+/, '')
    .replace(/[. ]+$/, '');
  const extension = /\.[\w]{1,10}$/.exec(plain)?.[0] ?? '';
  const shortened = plain.length > 200 ? `${plain.slice(0, 200 - extension.length)}${extension}` : plain;
  return shortened || 'file';
}

/** The `Upload-Metadata` pairs for a file and its target, as the web client sends them. */
export function uploadMetadata<P extends UploadPurpose>(purpose: P, target: UploadTargets[P], file: { name: string; type: string }): Record<string, string> {
  const pairs: Record<string, string> = { purpose, filename: safeFilename(file.name), contentType: file.type || 'application/octet-stream' };
  for (const [key, value] of Object.entries(target)) pairs[key] = String(value);
  return pairs;
}

/** `/uploads/{uploadId}` (tus HEAD, PATCH, DELETE) and `/uploads/{uploadId}/complete`. */
export const uploadParamsSchema = z.object({ uploadId: z.uuid({ error: 'is not an upload id' }) });

/** The tus protocol's request headers (the tus server checks their values). */
export const tusRequestHeadersSchema = z.looseObject({
  'tus-resumable': z.string().optional(),
  'upload-length': z.string().optional(),
  'upload-offset': z.string().optional(),
  'upload-metadata': z.string().optional(),
});

/** `GET /api/admin/uploads/limits`: checked by the client before it sends a byte. */
export const uploadLimitsSchema = z.object({ maxBytes: z.number().int().positive() });
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

export const releaseFileSchema = z.object({
  id: z.number().int().positive(),
  os: z.enum(RELEASE_FILE_OPERATING_SYSTEMS),
  format: z.enum(RELEASE_FILE_FORMATS),
  filename: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ReleaseFile = z.infer<typeof releaseFileSchema>;

/** `POST /api/admin/uploads/{uploadId}/complete`: what the finished upload became. */
export const completeUploadResponseSchema = z.union([z.object({ file: releaseFileSchema }), z.object({ mediaItem: mediaItemSchema })]);
export type CompleteUploadResponse = z.infer<typeof completeUploadResponseSchema>;

/** 2147483648 → '2 GB': binary units with the names people use. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(1))} ${units[unit]}`;
}
