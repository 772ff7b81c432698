// TTF files are bundled by wrangler's `Data` rule (wrangler.toml): the import is an ArrayBuffer.
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}

// The sRGB ICC profile of the PDF/A output intent, bundled the same way.
declare module "*.icc" {
  const bytes: ArrayBuffer;
  export default bytes;
}
