/** Module shapes and build-time constants that Vite provides to the browser runner's bundle. */

/** `import text from './file?raw'`: the file's text, inlined by Vite. */
declare module '*?raw' {
  const text: string;
  export default text;
}

/** Versions of the format libraries and of tinybench, read in Node and injected by Vite `define`. */
declare const __WIREBENCH_LIBRARIES__: Readonly<Record<string, string>>;
