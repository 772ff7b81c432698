// The EPC QR code ("GiroCode", EPC069-12 version 002) for a SEPA credit transfer of the amount
// due, drawn as vector squares onto a PDF page. Banking apps scan it and prefill the transfer.
import { qrMatrix } from "../../lib/epc-qr";

// The payload is the model's and its modules are src/lib/epc-qr.ts's (as the hosted page's);
// only the drawing is this file's.

/**
 * The code with its top-left corner at (x, top), `size` points wide, quiet zone included, as
 * content stream operators (to be drawn in a graphics state of their own: they set the matrix
 * and the colour). One path of rectangles, one per horizontal run of dark modules, in module
 * units under a scaling matrix, and a single fill.
 */
export function epcQrOperators(payload: string, x: number, top: number, size: number): string {
  const matrix = qrMatrix(payload);
  const modules = matrix.length;
  const quiet = 4;
  const cell = size / (modules + 2 * quiet);
  const left = x + quiet * cell;
  const bottom = top - (quiet + modules) * cell;
  // The matrix at full precision: it scales every module.
  const operators = [`${cell} 0 0 ${cell} ${left} ${bottom} cm`, "0 0 0 rg"];
  for (let row = 0; row < modules; row++) {
    let col = 0;
    while (col < modules) {
      if (!matrix[row]![col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules && matrix[row]![col]) col++;
      operators.push(`${start} ${modules - row - 1} ${col - start} 1 re`);
    }
  }
  operators.push("f");
  return operators.join("\n");
}
