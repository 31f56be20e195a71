import { type CompanyLogo, companyLogoLimits, companyLogoMessages } from "@klarwerk/kit";

/**
 * What a logo's bytes are, read from the bytes alone (never the name or the declared type): a PNG
 * (signature, IHDR first, every chunk within the file, IEND last) or a JPEG (SOI, a frame header
 * SOFn with its size, EOI at the end). Anything else, SVG and GIF included, is no logo: an SVG
 * could carry script, and the PDFs embed only these two formats.
 */
export type LogoImage = Pick<CompanyLogo, "contentType" | "width" | "height">;

export type LogoImageCheck = { ok: true; image: LogoImage } | { ok: false; status: 415 | 422; message: string };

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

const unreadable = { ok: false, status: 422, message: companyLogoMessages.unreadable } as const;

function sized(contentType: LogoImage["contentType"], width: number, height: number): LogoImageCheck {
  if (width < 1 || height < 1) return unreadable;
  if (width > companyLogoLimits.maxPixels || height > companyLogoLimits.maxPixels) {
    return { ok: false, status: 422, message: companyLogoMessages.tooManyPixels };
  }
  return { ok: true, image: { contentType, width, height } };
}

function readPng(bytes: Uint8Array): LogoImageCheck {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  // IHDR: length 13, then width, height (big-endian), bit depth, colour type, …
  if (bytes.length < 8 + 25 || view.getUint32(8) !== 13 || type(12) !== "IHDR") return unreadable;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  let at = 8;
  let sawData = false;
  while (at + 12 <= bytes.length) {
    const length = view.getUint32(at);
    const name = type(at + 4);
    const end = at + 12 + length;
    if (end > bytes.length) return unreadable;
    if (name === "IDAT") sawData = true;
    if (name === "IEND") return sawData && end === bytes.length ? sized("image/png", width, height) : unreadable;
    at = end;
  }
  return unreadable;
}

function readJpeg(bytes: Uint8Array): LogoImageCheck {
  let last = bytes.length;
  while (last > 0 && bytes[last - 1] === 0) last -= 1;
  if (last < 4 || bytes[last - 2] !== 0xff || bytes[last - 1] !== 0xd9) return unreadable;
  let at = 2;
  while (at + 4 <= last) {
    if (bytes[at] !== 0xff) return unreadable;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    if (length < 2 || at + 2 + length > last) return unreadable;
    // SOF0–SOF15 without DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (length < 8) return unreadable;
      const height = ((bytes[at + 5] ?? 0) << 8) | (bytes[at + 6] ?? 0);
      const width = ((bytes[at + 7] ?? 0) << 8) | (bytes[at + 8] ?? 0);
      return sized("image/jpeg", width, height);
    }
    // Start of scan before any frame header: no size to read.
    if (marker === 0xda) return unreadable;
    at += 2 + length;
  }
  return unreadable;
}

/** The logo's type and size in pixels, or why it is refused: 415 for another format, 422 for a broken one. */
export function readLogoImage(bytes: Uint8Array): LogoImageCheck {
  if (startsWith(bytes, pngSignature)) return readPng(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return readJpeg(bytes);
  return { ok: false, status: 415, message: companyLogoMessages.wrongType };
}
