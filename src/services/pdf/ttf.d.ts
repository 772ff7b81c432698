// TTF files are bundled by wrangler's `Data` rule (wrangler.toml): the import is an ArrayBuffer.
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}
