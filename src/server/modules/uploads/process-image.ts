import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { blogLimits, blogMessages } from '../../../shared/schemas/blog';
import { AppError } from '../../http/errors';

/** Image formats accepted for upload, recognised by their magic bytes (never by name or declared type). */
const acceptedTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * Checks an uploaded file by content and re-encodes it as WebP: orientation applied, scaled to fit
 * 1600×1600 px, all metadata (EXIF, GPS, ICC comments) dropped. Re-encoding also discards anything
 * hidden after the image data. SVG is refused (it can carry scripts).
 * @throws AppError VALIDATION_ERROR for a non-image, an unsupported format, a corrupt file or more than 40 megapixels.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !acceptedTypes.has(type.mime))
    throw new AppError('VALIDATION_ERROR', blogMessages.imageUnreadable);
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: blogLimits.imageMaxPixels,
      animated: false,
    })
      .rotate()
      .resize({
        width: blogLimits.imageMaxDimension,
        height: blogLimits.imageMaxDimension,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    const message =
      error instanceof Error && /pixel limit/i.test(error.message)
        ? blogMessages.imageTooManyPixels
        : blogMessages.imageUnreadable;
    throw new AppError('VALIDATION_ERROR', message);
  }
}
