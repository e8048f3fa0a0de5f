/** Copies text to the clipboard; resolves false when the browser refuses. */
export function useCopy(): (text: string) => Promise<boolean> {
  return async (text) => {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  };
}
