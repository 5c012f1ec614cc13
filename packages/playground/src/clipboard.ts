/** Copies to the clipboard where the page may (a secure context, with the user's permission); silently not elsewhere. */
export function copy(text: string): void {
  navigator.clipboard?.writeText(text).catch(() => {});
}
