// `locales/<lang>.json?part=<part>` (vite.config.ts, locales/parts.ts): one part of a catalogue.
declare module '*.json?part=core' {
  const part: Record<string, unknown>;
  export default part;
}
declare module '*.json?part=app' {
  const part: Record<string, unknown>;
  export default part;
}
declare module '*.json?part=more' {
  const part: Record<string, unknown>;
  export default part;
}
