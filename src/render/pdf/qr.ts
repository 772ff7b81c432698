// The EPC QR code ("GiroCode", EPC069-12 version 002) for a SEPA credit transfer of the amount
// due, drawn as vector squares onto a PDF page. Banking apps scan it and prefill the transfer.
import {
  concatTransformationMatrix,
  fill,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
} from "pdf-lib";
import qrcode from "qrcode-generator";

// The payload is the one of src/lib/epc-qr.ts; only the drawing is this file's.
export { epcAmountFits as isEpcPayable, epcPayload } from "../../lib/epc-qr";

/** Draws the code with its top-left corner at (x, top), `size` points wide, quiet zone included. */
export function drawEpcQr(page: PDFPage, payload: string, x: number, top: number, size: number) {
  const code = qrcode(0, "M");
  // The library writes each char code's low byte: hand it the UTF-8 bytes as char codes.
  code.addData(String.fromCharCode(...new TextEncoder().encode(payload)), "Byte");
  code.make();
  const modules = code.getModuleCount();
  const quiet = 4;
  const cell = size / (modules + 2 * quiet);
  // One path of rectangles (one per horizontal run of dark modules) and a single fill, drawn in
  // module units under a scaling matrix: small integers are cheap to write (pdf-lib formats
  // every coordinate), and a few hundred operators replace a graphics state per rectangle.
  const left = x + quiet * cell;
  const bottom = top - (quiet + modules) * cell;
  const operators = [
    pushGraphicsState(),
    concatTransformationMatrix(cell, 0, 0, cell, left, bottom),
    setFillingRgbColor(0, 0, 0),
  ];
  for (let row = 0; row < modules; row++) {
    let col = 0;
    while (col < modules) {
      if (!code.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules && code.isDark(row, col)) col++;
      operators.push(rectangle(start, modules - row - 1, col - start, 1));
    }
  }
  operators.push(fill(), popGraphicsState());
  page.pushOperators(...operators);
}
