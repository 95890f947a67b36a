// Vite's asset URL imports, typed here because the bench pages type-check under tsconfig.node.json
// (which has no vite/client types).
declare module '*?url&no-inline' {
  const url: string;
  export default url;
}
declare module '*.css';
