// Vite's `?raw` query: a file's text as the module's default export (tests only).
declare module "*?raw" {
  const text: string;
  export default text;
}
