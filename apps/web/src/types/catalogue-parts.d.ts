// `locales/<lang>.json?part=<part>` (vite.config.ts): one part of a catalogue, as JSON.
declare module '*.json?part=core' {
  const part: Record<string, unknown>;
  export default part;
}
declare module '*.json?part=app' {
  const part: Record<string, unknown>;
  export default part;
}
