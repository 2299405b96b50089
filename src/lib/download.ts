/**
 * Saves `text` as a file named `fileName`, as a download the browser offers (a link to a blob,
 * clicked): the one way the app hands the user a file it already holds.
 */
export function downloadText(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
