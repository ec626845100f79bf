export const RASTER_SOURCES_FILE: string;
export function webpNameFor(svgName: string): string;
export function sourceHash(svg: string): string;
export function declaredSize(svg: string): { width: number; height: number };
export function webpSize(file: Uint8Array): { width: number; height: number };
export function drawWebp(svg: string): Promise<Buffer>;
export function drawFolder(folder: string): Promise<{ name: string; bytes: number; svgBytes: number }[]>;
export function rasterImageProblems(folder: string): string[];
