// Media files imported by the shell resolve to their hashed URLs (webpack asset/resource).
declare module '*.mp4' {
  const url: string;
  export default url;
}
declare module '*.webm' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
