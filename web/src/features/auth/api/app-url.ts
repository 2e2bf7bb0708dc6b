/** Where mailed links come back to; must be in the project's allowed redirect URLs. */
export function appUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
