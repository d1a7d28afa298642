/** The attribute on #root naming the path its static markup was rendered for. */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered-path';

function normalise(path: string) {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function samePath(a: string, b: string) {
  return normalise(a) === normalise(b);
}
