/** Resolves in a later task: work after it runs once the browser has had a turn (input, paint). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
