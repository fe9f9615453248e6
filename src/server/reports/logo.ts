import type { Readable } from 'node:stream';
import sharp from 'sharp';
import type { Report } from '#shared/schemas/reports';

/** Opens a stored upload by its file name, as an image storage's `open` does (null: no such file). */
export type OpenUpload = (name: string) => Promise<{ stream: Readable } | null>;

/** The public path uploads are served at (modules/uploads: `/uploads/<random name>`). */
const UPLOAD_PATH = /^\/uploads\/([A-Za-z0-9._-]+)$/;

/** The logo's height in the PDF, in pixels of the converted image (drawn at 32 pt). */
const LOGO_HEIGHT_PX = 128;

/**
 * The report's logo for its PDF: the workspace's white-label logo, else the client's (as the shared
 * page shows them), converted to PNG at most LOGO_HEIGHT_PX high, because pdfkit draws only PNG and
 * JPEG while uploads are stored as WebP (docs/decisions/039-client-reports.md). Null without a logo
 * of our own uploads, or when the file is gone or unreadable: the PDF then carries the agency name
 * alone, and the report is never refused for its logo.
 */
export async function reportLogoPng(report: Report, open: OpenUpload): Promise<Buffer | null> {
  const url = report.branding.logoUrl ?? report.scope.clientLogoUrl;
  const name = url?.match(UPLOAD_PATH)?.[1];
  if (!name) return null;
  try {
    const file = await open(name);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return await sharp(Buffer.concat(chunks))
      .resize({ height: LOGO_HEIGHT_PX, withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
