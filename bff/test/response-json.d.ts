// Tests read arbitrary JSON answers and assert on them; `unknown` would need a cast per line.
declare global {
  interface Response {
    // biome-ignore lint/suspicious/noExplicitAny: see above
    json(): Promise<any>;
  }
}
export {};
