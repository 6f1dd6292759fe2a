import QRCode from "qrcode";

/** A QR code's modules: `size` × `size`, row by row, true where dark. */
export interface QrMatrix {
  /** What it encodes (the verification URL). */
  readonly text: string;
  readonly size: number;
  readonly dark: readonly boolean[];
}

/** Error correction M (15%): a printed code still reads with a crease or a stamp across it. */
const ERROR_CORRECTION = "M";

/** The QR code of `text` (byte mode, ECC M), as modules every renderer draws its own way. */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  return { text, size: modules.size, dark: Array.from(modules.data, (m) => m !== 0) };
}

/** Modules of light margin around a code (the quiet zone ISO/IEC 18004 asks for). */
export const QR_QUIET_ZONE = 4;

/** The same code as a PNG (the DOCX and XLSX embed an image): `scale` pixels a module. */
export function qrPng(text: string, scale = 8): Promise<Buffer> {
  return QRCode.toBuffer(text, {
    type: "png",
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QR_QUIET_ZONE,
    scale,
  });
}
